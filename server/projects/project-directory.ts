/** The configured projects, stored and indexed by public token and by id. */
import type { ProjectDirectory } from '../http/sdk-auth.js';
import type { Project } from './projects-repository.js';

/** Finds the server's projects without a database round trip. */
export class Projects implements ProjectDirectory {
  readonly #byToken = new Map<string, Project>();
  readonly #byId = new Map<string, Project>();

  constructor(projects: readonly Project[]) {
    for (const project of projects) {
      this.#byToken.set(project.publicToken, project);
      this.#byId.set(project.projectId, project);
    }
  }

  byPublicToken(publicToken: string): Project | undefined {
    return this.#byToken.get(publicToken);
  }

  byId(projectId: string): Project | undefined {
    return this.#byId.get(projectId);
  }

  /** Every project. */
  all(): Project[] {
    return [...this.#byId.values()];
  }

  /** Every origin some project authorized. */
  origins(): Set<string> {
    return new Set([...this.#byId.values()].flatMap((p) => p.settings.authorizedOrigins));
  }
}
