/** What every feature of the hosts' API gets (`host-routes.ts` hands it to each). */
import type { SessionService } from '../../products/sessions/index.js';
import type { UsersRepository } from '../../products/users/index.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { Store } from '../../store.js';
import type { RsvpRepository } from '../rsvp-repository.js';
import type { AuditLog } from './audit-log.js';
import type { HostCheck } from './host-check.js';
import type { HostList } from './host-list.js';

/** What the host routes need. */
export interface HostRouteDeps {
  /** The site's project. */
  project: Project;
  store: Store;
  /** Epoch milliseconds. */
  clock: () => number;
  sessions: SessionService;
  users: UsersRepository;
  rsvps: RsvpRepository;
  audit: AuditLog;
  hosts: HostCheck;
  hostList: HostList;
  limiter: RateLimiter;
  /** The server's public URL. */
  publicUrl: string;
}
