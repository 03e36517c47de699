// Frames of a Server-Sent Events stream (HTML Living Standard, "Server-sent events"): an
// event with its JSON data, a comment that keeps proxies from closing an idle stream, and
// how long a browser waits before it reconnects.

export const sseEvent = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export const sseComment = (text: string): string => `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;

export const sseRetry = (milliseconds: number): string => `retry: ${Math.max(0, Math.round(milliseconds))}\n\n`;
