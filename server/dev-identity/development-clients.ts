/**
 * The apps the development identity provider knows: every provider a project configured with
 * `"development": true`, by its client id, with its secret. A request naming any other client is
 * refused, as a real provider refuses an app it does not know.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Projects } from '../projects/project-directory.js';

/** One app registered at a development provider. */
export interface DevelopmentClient {
  provider: string;
  clientId: string;
  /** Its secret, when the config gives one (then the token endpoint requires it). */
  clientSecret?: string;
}

/** The app `clientId` of `provider`, when a project set it up for development. */
export function developmentClient(
  projects: Projects,
  provider: string,
  clientId: string | undefined,
): DevelopmentClient | undefined {
  if (!clientId) return undefined;
  for (const project of projects.all()) {
    const settings = project.settings.oauth.providers[provider];
    if (settings?.development === true && settings.clientId === clientId) {
      return {
        provider,
        clientId,
        ...(settings.clientSecret !== undefined && { clientSecret: settings.clientSecret }),
      };
    }
  }
  return undefined;
}

/** Whether `given` is the client's secret (always, for a client configured without one). */
export function secretMatches(client: DevelopmentClient, given: string | undefined): boolean {
  if (client.clientSecret === undefined) return true;
  if (given === undefined) return false;
  const a = Buffer.from(client.clientSecret);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
