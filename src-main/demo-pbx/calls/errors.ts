/**
 * Why the engine refused a request. The routes answer as the API's errors do: `invalid` → 400, `not-found`
 * (unknown call, phone, user or queue) → 404, `business` (impossible right now) → HTTP 200, `success: false`.
 */
export type CallErrorKind = 'invalid' | 'not-found' | 'business';

export class CallError extends Error {
  constructor(
    readonly kind: CallErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CallError';
  }

  static invalid = (message: string) => new CallError('invalid', message);
  static notFound = (message: string) => new CallError('not-found', message);
  static business = (message: string) => new CallError('business', message);
}
