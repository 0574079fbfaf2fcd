/** Fetch answers in the API's envelope, for tests that stub fetch. */
export function envelopeResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export const success = (data: unknown, status = 200) => envelopeResponse(status, { status: 'success', data });

export const failure = (status: number, code: string, message: string, field?: string, headers?: Record<string, string>) =>
  envelopeResponse(status, { status: 'error', error: { code, message, ...(field ? { field } : {}) } }, headers);
