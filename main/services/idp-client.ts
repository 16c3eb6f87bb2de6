/**
 * The identity provider's client: the authorize URL, the token endpoint (code
 * exchange, refresh), revocation and introspection, each one call with a time limit;
 * a 4xx/5xx answer throws a BridgeError carrying the provider's error_description.
 * It holds no state: the session (session.ts) keeps the tokens, the vault, the
 * refresh timer and the pending sign-ins.
 */
import { BridgeError } from '../../shared/bridge';
import { AUTH_PATHS, CONSOLE_CLIENT_ID, IntrospectionResponse, TokenResponse } from '../../shared/api';

export type { TokenResponse };
/** The introspection answer, declared once in shared/api/endpoints/auth.ts. */
export type Introspection = IntrospectionResponse;

export interface IdpClientDeps {
  idpUrl: string;
  clientId?: string;
  fetch?: typeof fetch;
}

/** Runs a call with the session's access token, once more after a refresh on 401 (SessionService.withAccessToken). */
export type WithAccessToken = (call: (token: string) => Promise<Response>) => Promise<Response>;

export class IdpClient {
  readonly idpUrl: string;
  private readonly clientId: string;
  private readonly fetch: typeof fetch;

  constructor(deps: IdpClientDeps) {
    this.idpUrl = deps.idpUrl.replace(/\/+$/, '');
    this.clientId = deps.clientId ?? CONSOLE_CLIENT_ID;
    this.fetch = deps.fetch ?? fetch;
  }

  /** Where the user signs in: the authorization code request with PKCE S256 and the state. */
  authorizeUrl(p: { redirectUri: string; challenge: string; state: string }): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: p.redirectUri,
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
      state: p.state,
    });
    return `${this.idpUrl}${AUTH_PATHS.authorize}?${q}`;
  }

  /** The authorization code that came back, with the PKCE verifier, for tokens. */
  exchangeCode(p: { code: string; redirectUri: string; verifier: string }): Promise<TokenResponse> {
    return this.tokenRequest({
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      code_verifier: p.verifier,
      client_id: this.clientId,
    });
  }

  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: this.clientId });
  }

  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    await this.post(AUTH_PATHS.revoke, { token, token_type_hint: hint, client_id: this.clientId });
  }

  /** What the provider knows of the session's access token (and its user); the call carries that token. */
  async introspect(withAccessToken: WithAccessToken): Promise<Introspection> {
    const url = `${this.idpUrl}${AUTH_PATHS.introspect}`;
    // RFC 7662: POST, the caller authenticated by its bearer token, the token asked about in the form body.
    const res = await withAccessToken((token) =>
      this.request(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }).toString(),
        },
        false,
      ),
    );
    if (!res.ok) await this.request(url, {}, true, res);
    const parsed = IntrospectionResponse.safeParse(await res.json());
    if (!parsed.success) {
      throw new BridgeError({
        code: 'bad_introspection',
        message: 'The identity provider answered an introspection the console cannot read.',
        status: 502,
        detail: parsed.error.issues,
      });
    }
    return parsed.data;
  }

  private async tokenRequest(form: Record<string, string>): Promise<TokenResponse> {
    const res = await this.post(AUTH_PATHS.token, form);
    const body = TokenResponse.safeParse(await res.json());
    if (!body.success) {
      throw new BridgeError({
        code: 'bad_token_response',
        message: 'The identity provider answered without tokens.',
        status: 502,
        detail: body.error.issues,
      });
    }
    return body.data;
  }

  private post(path: string, form: Record<string, string>): Promise<Response> {
    return this.request(`${this.idpUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** One call to the identity provider; unless `raw`, a 4xx/5xx throws a BridgeError. */
  private async request(url: string, init: RequestInit, throwOnError = true, answered?: Response): Promise<Response> {
    let res: Response;
    if (answered) res = answered;
    else {
      try {
        res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      } catch (err) {
        throw new BridgeError({
          code: 'idp_unreachable',
          message: 'The identity provider could not be reached.',
          detail: err instanceof Error ? err.message : String(err),
        });
      }
    }
    if (!res.ok && throwOnError) {
      const text = await res.text().catch(() => '');
      let detail: unknown = text;
      try {
        detail = JSON.parse(text);
      } catch {
        // not JSON
      }
      const description =
        (detail as { error_description?: string; detail?: string } | null)?.error_description ??
        (detail as { detail?: string } | null)?.detail;
      throw new BridgeError({
        code: 'idp_error',
        message: description || res.statusText || `Received unexpected status code: ${res.status}`,
        status: res.status,
        detail,
      });
    }
    return res;
  }
}
