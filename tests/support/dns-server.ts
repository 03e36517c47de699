import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

// A DNS server on loopback for the e-mail domain proof (src/server/sign-on/domain-check.ts):
// it answers TXT questions from a table the test fills, NXDOMAIN for names not in it, and
// can be told to stay silent (a resolver that times out). The product's resolver is pointed
// at it with setServers, as SSO_DNS_SERVERS points production at a chosen resolver.

export interface TestDnsServer {
  /** "127.0.0.1:port", for the resolver's setServers. */
  address: string;
  /** TXT records of a name, each a list of strings (as DNS splits long values). */
  setTxt(name: string, records: string[][]): void;
  /** Names answered with no answer at all (a server that times out). */
  silence(name: string): void;
  /** Every name asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export interface DnsServerOptions {
  /** A fixed port (the end-to-end server is started pointing at it); any free one by default. */
  port?: number;
  /** Records kept elsewhere (a file the tests write), asked at each question before the table. */
  lookup?: (name: string) => string[][] | undefined;
}

export async function startDnsServer(options: DnsServerOptions = {}): Promise<TestDnsServer> {
  const txt = new Map<string, string[][]>();
  const silent = new Set<string>();
  const asked: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    asked.push(name);
    if (silent.has(name)) return;
    const records = options.lookup?.(name) ?? txt.get(name);
    const answer = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (records ? 0 : 3),
      questions: [question],
      answers: records && question.type === 'TXT' ? records.map((data) => ({ type: 'TXT' as const, name: question.name, ttl: 60, class: 'IN' as const, data })) : [],
    });
    socket.send(answer, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, records) => void txt.set(name.toLowerCase(), records),
    silence: (name) => void silent.add(name.toLowerCase()),
    asked,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
