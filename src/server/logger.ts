import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential: one-time links (?token= of the setup, reset, verification and
 * invitation links), OAuth-style codes, and anything named like a secret.
 */
const SECRET_PARAM = /token|secret|passw|pwd|code|key|signature|session|otp|ticket|credential|auth/i;

/** A path segment that is a credential: a team's secret calendar feed link (/api/calendar/teams/<token>.ics). */
const SECRET_PATH = /^(\/api\/calendar\/teams\/)[^/]+/i;

function redactPath(path: string): string {
  return path.replace(SECRET_PATH, `$1${REDACTED}`);
}

/**
 * A URL as the request log may show it: the value of every secret-looking query parameter replaced, also inside
 * another parameter that carries a URL (`/login?redirect=/invite?token=…`). A URL that cannot be read keeps only
 * its path.
 */
export function redactUrl(url: string, depth = 0): string {
  const q = url.indexOf('?');
  const path = redactPath(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(url.slice(q + 1));
  } catch {
    return `${path}?${REDACTED}`;
  }
  const out: string[] = [];
  for (const [name, value] of params) {
    let shown: string;
    if (SECRET_PARAM.test(name)) shown = REDACTED;
    else if (depth < 3 && /[?=&]/.test(value)) shown = redactUrl(value.includes('?') ? value : `?${value}`, depth + 1);
    else shown = value;
    out.push(`${encodeURIComponent(name)}=${shown === REDACTED ? REDACTED : encodeURIComponent(shown)}`);
  }
  return `${path}?${out.join('&')}`;
}

/** What the log keeps of a request: never its cookies, its Authorization header or a token in its URL. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Structured JSON logs (pretty in development). Cookies, credentials and one-time tokens never reach them:
 * requests are logged through `serializeRequest`, and fields named like a secret are censored wherever they are.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["set-cookie"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.secret',
        '*.cookie',
        '*.authorization',
      ],
      censor: REDACTED,
    },
    ...(config.nodeEnv === 'development' ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}
