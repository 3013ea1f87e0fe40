/**
 * Stytch's email template ids (`login_template_id`, `signup_template_id`,
 * `reset_password_template_id`), which the passcode, magic-link and password reset routes accept
 * in their schema as Stytch's API does. Velvet has no named templates: a request that names one
 * is refused, before anything is stored or sent, rather than sent with a template it did not ask
 * for.
 */
import { ApiError } from './api-error.js';

/** The template id fields a send route's body may carry. */
export type TemplateIdField =
  | 'login_template_id'
  | 'signup_template_id'
  | 'reset_password_template_id';

/**
 * Refuses `body` when it sets one of `fields` to a non-empty string (an empty one, or none, is
 * the same as leaving it out).
 * @throws ApiError `email_template_not_supported`, naming the field.
 */
export function refuseTemplateIds(
  body: Readonly<Partial<Record<TemplateIdField, unknown>>>,
  fields: readonly TemplateIdField[],
): void {
  const named = fields.find((field) => typeof body[field] === 'string' && body[field] !== '');
  if (named === undefined) return;
  throw new ApiError(
    'email_template_not_supported',
    `This server has no named email templates: send the request without ${named}.`,
  );
}
