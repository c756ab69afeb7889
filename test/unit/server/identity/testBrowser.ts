/**
 * A browser as far as sign-in needs one: cookies per origin (expired ones dropped), redirects followed,
 * oidc-provider's development login and consent forms submitted. Hooks let a test act as an attacker on
 * the way: rewrite the authorization request or the callback before the browser follows it.
 */
export interface Answer {
  url: URL;
  status: number;
  headers: Headers;
  text: string;
  /** The raw Set-Cookie lines of every response on the way. */
  setCookies: string[];
}

export interface NavigationHooks {
  /** Sees every URL before the browser requests it; returns the one to request instead. */
  rewrite?: (url: URL) => URL;
}

const MAX_STEPS = 20;

export class TestBrowser {
  readonly cookies = new Map<string, Map<string, string>>();
  readonly userAgent: string;

  constructor(userAgent = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0') {
    this.userAgent = userAgent;
  }

  cookie(origin: string, name: string): string | undefined {
    return this.cookies.get(new URL(origin).origin)?.get(name);
  }

  /** One request, no redirects followed. */
  async request(url: URL, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const jar = this.cookies.get(url.origin) ?? new Map<string, string>();
    this.cookies.set(url.origin, jar);
    const cookieHeader = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      body: init.body,
      headers: {
        'user-agent': this.userAgent,
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...init.headers,
      },
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some(
        (attribute) =>
          /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return { response, setCookies, text: await response.text() };
  }

  /**
   * Goes to `start`, following redirects and the provider's login (as `login`) and consent forms; with
   * `login` null the person cancels at the provider's login page instead.
   */
  async navigate(start: URL, login: string | null, hooks: NavigationHooks = {}): Promise<Answer> {
    let url = start;
    let method = 'GET';
    let body: string | undefined;
    const setCookies: string[] = [];
    for (let step = 0; step < MAX_STEPS; step += 1) {
      url = hooks.rewrite?.(url) ?? url;
      const headers: Record<string, string> = body
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : {};
      const { response, text, setCookies: set } = await this.request(url, { method, body, headers });
      setCookies.push(...set);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      const prompt = /name="prompt" value="(login|consent)"/.exec(text)?.[1];
      if (response.status === 200 && url.pathname.startsWith('/interaction/') && prompt) {
        if (login === null) {
          url = new URL(`${url.pathname}/abort`, url);
          continue;
        }
        method = 'POST';
        body = new URLSearchParams(
          prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
        ).toString();
        continue;
      }
      return { url, status: response.status, headers: response.headers, text, setCookies };
    }
    throw new Error(`No answer after ${MAX_STEPS} steps, at ${url.href}`);
  }
}
