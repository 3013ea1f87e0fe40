/** `GET /projects/bootstrap/{public_token}`: the project's public configuration for the widget. */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { envelope } from '../http/envelope.js';
import type { ProjectDirectory } from '../http/sdk-auth.js';
import type { Project } from '../store/projects-repository.js';

/** The bootstrap fields of the spec (section 3), in Stytch's names. */
export function bootstrapBody(project: Project) {
  return {
    project_name: project.name,
    disable_sdk_watermark: true,
    captcha_settings: { enabled: false },
    cname_domain: null,
    email_domains: project.settings.emailDomains,
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: { luds_complexity: 3, luds_minimum_count: 8 },
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: null,
    rbac_policy: null,
    siwe_required_for_crypto_wallets: false,
    vertical: 'CONSUMER' as const,
    products: project.settings.products,
    otp_methods: project.settings.otp.methods,
  };
}

/** Registers the bootstrap route. */
export function bootstrapRoutes(app: FastifyInstance, deps: { projects: ProjectDirectory }): void {
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
      config: { auth: 'none' },
    },
    async (request) => {
      const project = deps.projects.byPublicToken(request.params.public_token);
      if (!project) throw new ApiError('invalid_public_token');
      return envelope(request, bootstrapBody(project));
    },
  );
}
