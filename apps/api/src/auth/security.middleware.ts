import type { LecternConfig } from '@lectern/config';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sent from another site (CSRF, cross-site form uploads): by
 * `Sec-Fetch-Site` when the browser sends it, else by `Origin` against this host and CORS_ORIGINS. Programs (curl,
 * SDKs) send neither header and pass; their API key is what authenticates them.
 */
export function refuseCrossSite(config: LecternConfig) {
  const allowed = new Set(config.auth.corsOrigins);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const sameOrigin = origin !== undefined && origin !== 'null' && sameHost(origin, req.headers.host);
    const allowedOrigin = origin !== undefined && allowed.has(origin);
    const crossBySite = site !== undefined && site !== 'same-origin' && site !== 'none';
    const crossByOrigin = origin !== undefined && !sameOrigin;
    if ((crossBySite || crossByOrigin) && !allowedOrigin) {
      res.status(403).json({
        statusCode: 403,
        error: 'CrossSiteRequestError',
        message: 'cross-site request refused (add the origin to CORS_ORIGINS to allow it)',
      });
      return;
    }
    next();
  };
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * helmet's headers with a CSP the UI works under: scripts and workers from this origin only (the PDF.js worker is a
 * bundled file, eval is off), inline styles for KaTeX and React, fonts and images also as data: URLs; no framing.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The PDF viewer fetches its worker and fonts from this origin; COEP would break nothing but buys nothing here.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
}
