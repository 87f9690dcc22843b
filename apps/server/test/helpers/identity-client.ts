import type { App } from '../../src/app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser over inject(): its own address, cookie jar and Origin (a "device"). Identity calls
 * keep the cookies better-auth sets, as a browser does.
 */
export class IdentityClient {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: App,
    readonly ip = '203.0.113.10',
    private readonly origin = 'http://localhost:8080',
    /** Host header (inject's default is localhost:80). */
    private readonly host?: string,
  ) {}

  async call(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.origin,
        'accept-language': 'fr-FR,fr;q=0.9',
        ...(this.host ? { host: this.host } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const set of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (/max-age=0/i.test(set) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** The first link of a mail's text whose path holds `kind` (verify-email, reset-password …). */
export function linkIn(text: string, kind: string): URL {
  const link = new RegExp(`https?://\\S+${kind}\\S+`).exec(text)?.[0];
  if (link === undefined) throw new Error(`no ${kind} link in:\n${text}`);
  return new URL(link);
}
