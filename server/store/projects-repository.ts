/** Projects: stored so that their ids stay stable while their settings follow the config. */
import type { ProjectSettings } from '../projects/project-settings.js';
import type { Database } from './database.js';
import { newId } from './ids.js';
import { readJsonObject } from './json-column.js';

/** A stored project. */
export interface Project {
  projectId: string;
  publicToken: string;
  name: string;
  environment: 'test' | 'live';
  settings: ProjectSettings;
}

interface ProjectRow extends Record<string, unknown> {
  project_id: string;
  public_token: string;
  name: string;
  settings: string;
}

function toProject(row: ProjectRow): Project {
  return {
    projectId: row.project_id,
    publicToken: row.public_token,
    name: row.name,
    environment: row.public_token.startsWith('public-token-live-') ? 'live' : 'test',
    settings: readJsonObject(row.settings) as unknown as ProjectSettings,
  };
}

/** Reads and writes projects. */
export class ProjectsRepository {
  constructor(private readonly db: Database) {}

  /** Creates the project with this public token, or updates its name and settings. */
  async upsert(
    input: { publicToken: string; name: string; settings: ProjectSettings },
    now: number,
  ): Promise<Project> {
    const environment = input.publicToken.startsWith('public-token-live-') ? 'live' : 'test';
    await this.db.run(
      `INSERT INTO projects (project_id, public_token, name, settings, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (public_token) DO UPDATE SET name = excluded.name,
         settings = excluded.settings, updated_at = excluded.updated_at`,
      [
        newId('project', environment),
        input.publicToken,
        input.name,
        JSON.stringify(input.settings),
        now,
        now,
      ],
    );
    const project = await this.findByPublicToken(input.publicToken);
    if (!project) throw new Error(`project ${input.publicToken} vanished after upsert`);
    return project;
  }

  async findByPublicToken(publicToken: string): Promise<Project | undefined> {
    const row = await this.db.get<ProjectRow>('SELECT * FROM projects WHERE public_token = ?', [
      publicToken,
    ]);
    return row && toProject(row);
  }

  async findById(projectId: string): Promise<Project | undefined> {
    const row = await this.db.get<ProjectRow>('SELECT * FROM projects WHERE project_id = ?', [
      projectId,
    ]);
    return row && toProject(row);
  }

  async list(): Promise<Project[]> {
    const rows = await this.db.all<ProjectRow>('SELECT * FROM projects ORDER BY created_at');
    return rows.map(toProject);
  }
}
