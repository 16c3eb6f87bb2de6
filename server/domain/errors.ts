/** HTTP errors in the v4 shapes: {"detail"} or {"field": ["message"]}. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, { [field]: [message] });
export const notFound = () => new HttpError(404, { detail: 'Not found.' });
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, { detail });
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, { detail }, { 'www-authenticate': 'Bearer' });
