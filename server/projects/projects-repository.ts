/** Projects: stored so that their ids stay stable while their settings follow the config. */
import type { Db } from '../db/database.js';
import { newId } from '../db/ids.js';
import { readJsonObject } from '../db/json-column.js';
import type { ProjectSettings } from './project-settings.js';
import type { ProjectsTable } from './projects-tables.js';

/** A stored project. */
export interface Project {
  projectId: string;
  publicToken: string;
  name: string;
  environment: 'test' | 'live';
  settings: ProjectSettings;
}

/** `test` or `live`, read from the public token. */
function environmentOf(publicToken: string): 'test' | 'live' {
  return publicToken.startsWith('public-token-live-') ? 'live' : 'test';
}

function toProject(row: ProjectsTable): Project {
  return {
    projectId: row.project_id,
    publicToken: row.public_token,
    name: row.name,
    environment: environmentOf(row.public_token),
    settings: readJsonObject(row.settings) as unknown as ProjectSettings,
  };
}

/** Reads and writes projects. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  /** Creates the project with this public token, or updates its name and settings. */
  async upsert(
    input: { publicToken: string; name: string; settings: ProjectSettings },
    now: number,
  ): Promise<Project> {
    await this.db
      .insertInto('projects')
      .values({
        project_id: newId('project', environmentOf(input.publicToken)),
        public_token: input.publicToken,
        name: input.name,
        settings: JSON.stringify(input.settings),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('public_token').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          settings: eb.ref('excluded.settings'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    const project = await this.findByPublicToken(input.publicToken);
    if (!project) throw new Error(`project ${input.publicToken} vanished after upsert`);
    return project;
  }

  async findByPublicToken(publicToken: string): Promise<Project | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('public_token', '=', publicToken)
      .executeTakeFirst();
    return row && toProject(row);
  }

  async findById(projectId: string): Promise<Project | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row && toProject(row);
  }

  async list(): Promise<Project[]> {
    const rows = await this.db.selectFrom('projects').selectAll().orderBy('created_at').execute();
    return rows.map(toProject);
  }
}
