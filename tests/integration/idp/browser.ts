import { request as httpRequest } from 'node:http';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

// Just enough of a browser for the provider's pages: a cookie jar honouring Path and
// deletion, manual redirects, form posts, and HTML read through a real parser.

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();
  /** Every Set-Cookie header received, as sent (to check the attributes of each cookie set). */
  readonly received: string[] = [];

  store(url: URL, response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      this.received.push(header);
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((entry) => entry.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? url.pathname.replace(/\/[^/]*$/, '');
      const expires = attribute('expires');
      const maxAge = attribute('max-age');
      const deleted = value === '' || maxAge === '0' || (expires !== undefined && Date.parse(expires) <= Date.now());
      const key = `${name};${path}`;
      if (deleted) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path: path || '/' });
    }
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  names(): string[] {
    return [...new Set([...this.cookies.values()].map((cookie) => cookie.name))];
  }
}

export interface PageResponse {
  url: URL;
  status: number;
  headers: Headers;
  html: string;
}

export class Browser {
  readonly jar = new CookieJar();

  /**
   * `localAddress`: the loopback address this browser connects from (127.0.0.2 is another
   * client to a server on 127.0.0.1 on Linux), for what the provider counts per client.
   */
  constructor(private readonly localAddress?: string) {}

  /** One request, no redirect following; the body is read (HTML) or discarded. */
  async request(url: URL | string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<PageResponse> {
    const target = new URL(url);
    // As a browser navigates: oidc-provider answers errors in HTML only to such requests.
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...init.headers };
    const cookie = this.jar.header(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    const response = this.localAddress
      ? await requestFrom(this.localAddress, target, { method, headers, body })
      : await fetch(target, { method, headers, body, redirect: 'manual' });
    this.jar.store(target, response);
    return { url: target, status: response.status, headers: response.headers, html: await response.text() };
  }

  /**
   * Follows redirects from `url` until a page answers, or until a redirect leaves for an
   * address `stopAt` accepts (the client's callback, which nothing serves here).
   */
  async follow(url: URL | string, stopAt: (url: URL) => boolean, init: Parameters<Browser['request']>[1] = {}): Promise<PageResponse> {
    let response = await this.request(url, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      const next = new URL(location, response.url);
      if (stopAt(next)) return { ...response, url: next };
      response = await this.request(next);
    }
    throw new Error(`too many redirects from ${String(url)}`);
  }
}

/** fetch cannot choose the local address; node:http can. Answers as a fetch Response. */
function requestFrom(localAddress: string, url: URL, init: { method: string; headers: Record<string, string>; body: string | undefined }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method, headers: init.headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
        }
        const status = incoming.statusCode ?? 500;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

// ---- HTML -------------------------------------------------------------------------

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* walk(child);
  if ('content' in node && node.content) yield* walk(node.content);
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function text(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if ('childNodes' in node) return node.childNodes.map(text).join('');
  return '';
}

export interface PageField {
  label: string;
  id: string;
  name: string | undefined;
  type: string | undefined;
  value: string | undefined;
  autocomplete: string | undefined;
  autofocus: boolean;
  invalid: boolean;
  /** Texts of the elements aria-describedby points at. */
  descriptions: string[];
}

export interface ParsedPage {
  title: string;
  lang: string | undefined;
  /** Every label bound (for=) to an input, in order. */
  fields: PageField[];
  /** Texts of submit buttons. */
  buttons: string[];
  links: Array<{ text: string; href: string }>;
  alerts: string[];
  forms: Array<{
    action: string | undefined;
    method: string | undefined;
    id: string | undefined;
    enctype: string | undefined;
    hidden: Record<string, string>;
    /** Names of the form's text-like fields (inputs that are not hidden, file, checkbox, radio or buttons; textareas). */
    textFields: string[];
  }>;
  /** Labels whose `for` points at nothing. */
  unboundLabels: string[];
}

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

export function parsePage(html: string): ParsedPage {
  const elements = [...walk(parse(html))];
  const byId = new Map(elements.flatMap((element) => (attr(element, 'id') ? [[attr(element, 'id')!, element] as const] : [])));
  const fields: PageField[] = [];
  const unboundLabels: string[] = [];
  for (const label of elements.filter((element) => element.tagName === 'label')) {
    const target = byId.get(attr(label, 'for') ?? '');
    if (!target || target.tagName !== 'input') {
      unboundLabels.push(squash(text(label)));
      continue;
    }
    fields.push({
      label: squash(text(label)),
      id: attr(target, 'id')!,
      name: attr(target, 'name'),
      type: attr(target, 'type'),
      value: attr(target, 'value'),
      autocomplete: attr(target, 'autocomplete'),
      autofocus: attr(target, 'autofocus') !== undefined,
      invalid: attr(target, 'aria-invalid') === 'true',
      descriptions: (attr(target, 'aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => squash(text(byId.get(id) ?? ({ nodeName: '#text', value: `(missing #${id})` } as Node)))),
    });
  }
  return {
    title: squash(text(elements.find((element) => element.tagName === 'title') ?? ({ nodeName: '#text', value: '' } as Node))),
    lang: attr(elements.find((element) => element.tagName === 'html')!, 'lang'),
    fields,
    buttons: elements.filter((element) => element.tagName === 'button' && (attr(element, 'type') ?? 'submit') === 'submit').map((element) => squash(text(element))),
    links: elements.filter((element) => element.tagName === 'a').map((element) => ({ text: squash(text(element)), href: attr(element, 'href') ?? '' })),
    alerts: elements.filter((element) => attr(element, 'role') === 'alert').map((element) => squash(text(element))),
    forms: elements
      .filter((element) => element.tagName === 'form')
      .map((form) => ({
        action: attr(form, 'action'),
        method: attr(form, 'method'),
        id: attr(form, 'id'),
        enctype: attr(form, 'enctype'),
        textFields: [...walk(form)]
          .filter((element) => (element.tagName === 'input' && !['hidden', 'file', 'checkbox', 'radio', 'submit', 'button', 'image', 'reset'].includes(attr(element, 'type') ?? 'text')) || element.tagName === 'textarea')
          .flatMap((element) => (attr(element, 'name') ? [attr(element, 'name')!] : [])),
        hidden: Object.fromEntries(
          [...walk(form)]
            .filter((element) => element.tagName === 'input' && attr(element, 'type') === 'hidden')
            .map((element) => [attr(element, 'name') ?? '', attr(element, 'value') ?? '']),
        ),
      })),
    unboundLabels,
  };
}
