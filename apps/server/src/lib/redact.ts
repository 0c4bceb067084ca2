const SECRET_PARAMS = /([?&](?:token|email|signature|password|code|auth_signature)=)[^&#]*/gi;

/** A URL fit for a log line: one-time tokens and e-mail addresses in the query are masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
