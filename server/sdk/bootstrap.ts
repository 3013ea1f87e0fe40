/** `GET /projects/bootstrap/{public_token}`: the project's public configuration for the widget. */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { envelope } from '../http/envelope.js';
import { authorizeOriginHint, isOriginAllowed, type ProjectDirectory } from '../http/sdk-auth.js';
import type { Project } from '../projects/projects-repository.js';

/**
 * Whether the page asking (its `Origin`) may use the project. Bootstrap answers every origin
 * (it is public and carries no credentials), so a page the project does not list learns why its
 * other calls fail instead of seeing only a failed preflight.
 */
export function originBody(origin: string | undefined, project: Project, ownOrigin: string) {
  const allowed = isOriginAllowed(origin, project, ownOrigin);
  return {
    origin_allowed: allowed,
    origin_message: allowed
      ? null
      : `This page's origin, ${(origin ?? '').slice(0, 200)}, is not authorized for this project, ` +
        `so the widget cannot sign anyone in here. ${authorizeOriginHint((origin ?? '').slice(0, 200))}`,
  };
}

/**
 * Stytch's `captcha_settings`: `{enabled: false}`, or `{enabled: true, siteKey}` (the name
 * Stytch's SDK reads) with the `provider` whose challenge the widget renders and, when
 * configured, the `scriptUrl` it loads. The secret key and the mode stay on the server.
 */
function captchaSettings(project: Project) {
  const captcha = project.settings.botProtection?.captcha;
  if (!captcha) return { enabled: false as const };
  return {
    enabled: true as const,
    siteKey: captcha.siteKey,
    provider: captcha.provider,
    ...(captcha.scriptUrl ? { scriptUrl: captcha.scriptUrl } : {}),
  };
}

/**
 * What adds fields to the bootstrap answer: each product, through its `bootstrap` (see
 * `ServerProduct`), whoever registers the route hands them in, so this file names no product.
 */
export interface BootstrapContributor {
  /** Its fields, in Stytch's names, for every project (enabled or not). */
  bootstrap?(project: Project): Record<string, unknown>;
}

/**
 * The bootstrap fields of the spec (section 3), in Stytch's names: the core's (the project,
 * its captcha, its products and the fields Stytch's SDK reads that Velvet fixes), then each
 * contributor's, in the order given.
 */
export function bootstrapBody(
  project: Project,
  contributors: readonly BootstrapContributor[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    project_name: project.name,
    disable_sdk_watermark: true,
    captcha_settings: captchaSettings(project),
    cname_domain: null,
    email_domains: project.settings.emailDomains,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    // Velvet has no device-fingerprinting service, so it never asks for a telemetry id.
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: null,
    // Stytch's SDK logs an RBAC error on every page load for `null`; an empty policy is no roles.
    rbac_policy: { roles: [], resources: [], scopes: [] },
    vertical: 'CONSUMER',
    products: project.settings.products,
  };
  for (const contributor of contributors) Object.assign(body, contributor.bootstrap?.(project));
  return body;
}

/** Registers the bootstrap route. */
export function bootstrapRoutes(
  app: FastifyInstance,
  deps: {
    projects: ProjectDirectory;
    ownOrigin: string;
    /** The registered products, whose fields the answer carries (see `BootstrapContributor`). */
    products: readonly BootstrapContributor[];
  },
): void {
  app.get<{ Params: { public_token: string } }>(
    '/projects/bootstrap/:public_token',
    {
      schema: {
        params: {
          type: 'object',
          required: ['public_token'],
          properties: { public_token: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
      config: { auth: 'none', checks: 'nothing' },
    },
    async (request) => {
      const project = deps.projects.byPublicToken(request.params.public_token);
      if (!project) throw new ApiError('invalid_public_token');
      return envelope(request, {
        ...bootstrapBody(project, deps.products),
        ...originBody(request.headers.origin, project, deps.ownOrigin),
      });
    },
  );
}
