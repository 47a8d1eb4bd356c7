import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this a compressed body saves less than the work and the header cost. */
const THRESHOLD_BYTES = 1024;

/**
 * gzip/deflate/brotli by Accept-Encoding for JSON, the admin's HTML, JS and CSS (compression's
 * default filter: compressible types only). Sign-in and session answers carry the CSRF token and
 * are left uncompressed, so their length cannot leak it (BREACH); they are small anyway.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: THRESHOLD_BYTES,
    filter: (req: Request, res: Response) => !req.path.startsWith('/api/auth/') && compression.filter(req, res),
  });
}
