import * as fs from 'node:fs';
import * as path from 'node:path';
import express, { Express, NextFunction, Request, Response } from 'express';
import { LEGACY_LINKS } from '@ar/rules';

/**
 * Serves the react-admin build under /ar with browser-router deep links: any GET under /ar
 * that is not a file answers index.html. /api and /app paths never reach this.
 */
export function mountAdmin(server: Express, distDir: string): void {
  // Express 5 ignores trailing slashes when matching, so compare the raw URL (else /ar/ loops).
  server.get(['/', '/ar'], (req, res, next) => (req.originalUrl === '/' || req.originalUrl === '/ar' ? res.redirect('/ar/') : next()));
  // The spec's legacy /ah/ menu links (the old app's paths) lead to their screens here, query kept.
  for (const link of LEGACY_LINKS.filter((l) => l.from.startsWith('/ah/'))) {
    server.get(link.from, (req, res) => res.redirect(302, `/ar${link.to}${req.originalUrl.slice(req.path.length)}`));
  }
  const index = path.join(distDir, 'index.html');
  server.use(
    '/ar',
    express.static(distDir, {
      index: false,
      setHeaders: (res, file) => {
        // Hashed assets (`/ar/assets/*`) are immutable; the entry page and version file must always be fresh.
        if (path.relative(distDir, file).startsWith(`assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  // A hashed asset that is not there (an old page asking after a deploy) is a 404, never index.html.
  server.use(
    '/ar/assets',
    (_req: Request, res: Response) => void res.status(404).setHeader('Cache-Control', 'no-store').type('text/plain').send('Not found'),
  );
  server.use('/ar', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The admin is not built: run `npm run build:admin`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
