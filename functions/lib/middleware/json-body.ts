/**
 * JSON bodies of mutating calls: 415 for a non-JSON content type, 413 for an oversized body,
 * 400 for a body that does not parse or is not an object. GET bodies are ignored.
 * A route with `formBody` (the one-click unsubscribe that mail clients post, RFC 8058) also takes
 * a form, `multipart/form-data` (the RFC's SHOULD, read by the runtime's own Fetch `formData()`)
 * or `application/x-www-form-urlencoded` (its MAY), read into an object of its text fields (a
 * field given twice keeps its last value; a file part reads as ''), and a body with no content
 * type, which must be empty.
 * Parsing itself is @middy/http-json-body-parser's; it answers bad JSON with 415, which the
 * product answers with 400.
 */
import jsonBodyParser from '@middy/http-json-body-parser';
import { MAX_JSON_BODY_BYTES } from '../../../shared/constants';
import { isMutating } from '../../../shared/api';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors';
import type { Middleware, RouteRequest } from './types';

const JSON_TYPE = /^application\/(.+\+)?json\s*($|;.+)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*($|;.+)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;.+/i;
// The content type is checked above; the option exists at run time though its types omit it.
const parser = jsonBodyParser({ disableContentTypeCheck: true } as Parameters<typeof jsonBodyParser>[0]);

export function jsonBody(opts: { form?: boolean } = {}): Middleware {
  return {
    before: async (request) => {
      const { event } = request;
      const state = request.context.route;
      if (!isMutating(event.requestContext.http.method) || event.body === undefined || event.body === '') {
        state.body = {};
        return;
      }
      const type = event.headers?.['content-type'] ?? '';
      const form = opts.form === true && (FORM_TYPE.test(type) || MULTIPART_TYPE.test(type));
      if (!JSON_TYPE.test(type) && !form) {
        throw unsupportedMediaType(opts.form ? 'The body must be JSON or a form (content-type: application/json, multipart/form-data or application/x-www-form-urlencoded)' : 'The body must be JSON (content-type: application/json)');
      }
      const size = event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
      if (size > MAX_JSON_BODY_BYTES) throw payloadTooLarge(`The body must be at most ${MAX_JSON_BODY_BYTES} bytes`);
      if (form) {
        const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body);
        // fromEntries defines own fields: one named __proto__ stays a field (the input check refuses it).
        state.body = Object.fromEntries(FORM_TYPE.test(type) ? new URLSearchParams(raw.toString('utf8')) : await multipartFields(raw, type));
        return;
      }
      try {
        await parser.before!(request as unknown as Parameters<NonNullable<typeof parser.before>>[0]);
      } catch {
        throw badRequest('The body is not valid JSON');
      }
      const parsed: unknown = (request as RouteRequest & { event: { body: unknown } }).event.body;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw badRequest('The body must be a JSON object');
      }
      state.body = parsed as Record<string, unknown>;
    },
  };
}

/** The text fields of a multipart/form-data body (a file part reads as ''); 400 when it does not parse. */
async function multipartFields(body: Buffer, type: string): Promise<Array<[string, string]>> {
  try {
    const data = await new Request('http://form.invalid/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) }).formData();
    const fields: Array<[string, string]> = [];
    data.forEach((value, name) => fields.push([name, typeof value === 'string' ? value : '']));
    return fields;
  } catch {
    throw badRequest('The body is not a valid multipart form');
  }
}
