/**
 * The hosts' page's guest list, under `/host/api`: list and search, add, edit, take off, import a
 * CSV file with a preview, export as CSV. Every rule is the guests' service's
 * (`server/site/guests/`), the one `npm run guests` uses; these routes read the body, call it,
 * write one audit entry a host reads per change, and answer in the contract's shapes.
 */

import type { Project } from '../../projects/projects-repository.js';
import { CsvError } from '../guests/csv.js';
import type { ImportPlan } from '../guests/guest-import.js';
import {
  countryWarning,
  GuestListError,
  internationalFormat,
  NumberTakenError,
  UnknownGuestError,
} from '../guests/guest-phone.js';
import { type GuestEntry, GuestService } from '../guests/guest-service.js';
import {
  addSummary,
  editSummary,
  exportSummary,
  importSummary,
  removeSummary,
} from '../guests/guest-summaries.js';
import { type HostApi, type HostContext, HostInputError } from './host-api.js';
import type { HostRouteDeps } from './host-route-deps.js';

/** The largest CSV file the import takes (a few tens of thousands of lines), in bytes of JSON. */
const IMPORT_BODY_LIMIT = 1024 * 1024;

/** Registers the guest list's routes. */
export function guestHostRoutes(api: HostApi, deps: HostRouteDeps): void {
  const service = () => new GuestService(deps.store, deps.project, deps.clock);

  /** `GET /guests?q=&all=1`: the list (invited only unless `all=1`), filtered by `q`. */
  api.get('/guests', async ({ request }) => {
    const query = request.query as Record<string, unknown>;
    const guests = await service().list({
      all: query.all === '1' || query.all === 'true',
      query: typeof query.q === 'string' ? query.q.slice(0, 200) : '',
    });
    return { guests: guests.map((guest) => guestBody(guest, deps.project)) };
  });

  /** `POST /guests {phone_number, name}`: puts a number on the list (201). */
  api.post('/guests', async (context) => {
    const body = readBody(context, { phone_number: 'required', name: 'optional' });
    const guests = service();
    const result = await guestCall(() => guests.invite(body.phone_number ?? '', body.name));
    const guest = await guestCall(() => guests.findGuest(result.userId));
    await context.audit('guest.add', addSummary(guest, result.outcome === 'already-invited'));
    const warning = countryWarning(guest, deps.project);
    context.reply.code(201);
    return { guest: guestBody(guest, deps.project), ...(warning ? { warning } : {}) };
  });

  /** `PATCH /guests/:userId {name?, phone_number?}`: renames a guest or changes their number. */
  api.patch('/guests/:userId', async (context) => {
    const body = readBody(context, { phone_number: 'optional', name: 'optional' });
    if (body.name === undefined && body.phone_number === undefined) {
      throw new HostInputError('Give a new name or a new phone number.');
    }
    const { before, after } = await guestCall(() =>
      service().edit(userIdOf(context), { name: body.name, phone: body.phone_number }),
    );
    const summary = editSummary(before, after);
    if (summary) await context.audit('guest.edit', summary);
    return { guest: guestBody(after, deps.project) };
  });

  /** `DELETE /guests/:userId` (destructive): takes a guest off the list; the account stays. */
  api.delete(
    '/guests/:userId',
    async (context) => {
      const { before, after } = await guestCall(() => service().removeById(userIdOf(context)));
      if (before.invited) await context.audit('guest.remove', removeSummary(before));
      return { guest: guestBody(after, deps.project) };
    },
    { destructive: true },
  );

  /** `POST /guests/import {csv, apply}`: the import's plan; with `apply: true`, carried out. */
  api.post(
    '/guests/import',
    async (context) => {
      const body = context.request.body as { csv?: unknown; apply?: unknown } | null;
      if (typeof body?.csv !== 'string') {
        throw new HostInputError('Send the CSV file as text in "csv".', { field: 'csv' });
      }
      if (typeof body.apply !== 'boolean') {
        throw new HostInputError('Say whether to apply the import ("apply": true or false).', {
          field: 'apply',
        });
      }
      const csv = body.csv;
      const guests = service();
      const plan = await guestCall(() =>
        body.apply ? guests.applyImport(csv) : guests.previewImport(csv),
      );
      if (body.apply) await context.audit('guest.import', importSummary(plan));
      return importBody(plan, body.apply);
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  /** `GET /guests.csv?all=1`: the list with every answer and note, as a CSV attachment. */
  api.get('/guests.csv', async (context) => {
    const query = context.request.query as Record<string, unknown>;
    const { csv, count } = await service().exportCsv({ all: query.all === '1' });
    await context.audit('guest.export', exportSummary(count));
    return context.reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="guests.csv"')
      .send(csv);
  });
}

/** One guest as the contract shows it. */
function guestBody(guest: GuestEntry, project: Project) {
  const warning = guest.invited ? countryWarning(guest, project) : undefined;
  return {
    user_id: guest.userId,
    phone_number: guest.e164,
    phone_display: internationalFormat(guest.e164),
    name: guest.name,
    invited: guest.invited,
    signed_in: guest.signedIn,
    last_seen_at: guest.lastSessionAt === null ? null : new Date(guest.lastSessionAt).toISOString(),
    rsvp: guest.rsvp && {
      attending: guest.rsvp.attending,
      party_size: guest.rsvp.partySize,
      note: guest.rsvp.note,
      updated_at: new Date(guest.rsvp.updatedAt).toISOString(),
    },
    ...(warning ? { warning } : {}),
  };
}

/** The import's plan as the contract shows it (`row` is the file's line, as the CLI prints). */
function importBody(plan: ImportPlan, applied: boolean) {
  return {
    applied,
    header: plan.header,
    add: plan.add.map((line) => ({ row: line.line, phone_number: line.e164, name: line.name })),
    update: plan.update.map((line) => ({
      row: line.line,
      user_id: line.userId,
      phone_number: line.e164,
      name: line.name,
      previous_name: line.previousName,
    })),
    unchanged: plan.unchanged.map((line) => ({ row: line.line, phone_number: line.e164 })),
    problems: plan.problems.map((line) => ({ row: line.line, message: line.message })),
    warnings: plan.warnings.map((line) => ({ row: line.line, message: line.message })),
  };
}

/** The `:userId` of the path. */
function userIdOf(context: HostContext): string {
  return (context.request.params as { userId: string }).userId;
}

/**
 * The body's text fields, each `required` or `optional`.
 * @throws HostInputError for a body that is not an object, or a field that is not text.
 */
function readBody<Field extends string>(
  context: HostContext,
  fields: Record<Field, 'required' | 'optional'>,
): Partial<Record<Field, string>> {
  const body = context.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HostInputError('Send a JSON object.');
  }
  const values: Partial<Record<Field, string>> = {};
  for (const [field, need] of Object.entries(fields) as [Field, 'required' | 'optional'][]) {
    const value = (body as Record<string, unknown>)[field];
    if (value === undefined && need === 'optional') continue;
    if (typeof value !== 'string') {
      throw new HostInputError(`"${field}" must be text.`, { field });
    }
    values[field] = value;
  }
  return values;
}

/** The contract's field of a `GuestListError`. */
const FIELDS = { phone: 'phone_number', name: 'name' } as const;

/**
 * Runs a call of the guests' service, turning its refusals into the contract's answers: an
 * unknown guest 404, a number another account holds 409 `number_taken`, any other refusal (and
 * a file that is not CSV) 400 `invalid_input` with the CLI's message.
 */
async function guestCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UnknownGuestError) {
      throw new HostInputError(error.message, { status: 404, error: 'not_found' });
    }
    if (error instanceof NumberTakenError) {
      throw new HostInputError(error.message, {
        status: 409,
        error: 'number_taken',
        field: 'phone_number',
      });
    }
    if (error instanceof GuestListError) {
      throw new HostInputError(
        error.message,
        error.field ? { field: FIELDS[error.field] } : undefined,
      );
    }
    if (error instanceof CsvError) {
      throw new HostInputError(`The CSV file cannot be read: ${error.message}`, { field: 'csv' });
    }
    throw error;
  }
}
