// Every admin write goes into the audit trail: one hook pair on the guarded routes, so a route
// added later is recorded too. A route names its action and what it writes (its `audit`
// config); the items are read before the handler and after it, and the fields that changed
// are kept with who, when and from where. A write that failed (4xx/5xx) changed nothing and is
// not recorded. The entry is written before the answer leaves, so whoever got a success can
// already find it in the trail.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@chapar/db';
import { isGuardedRoute } from '../../plugins/auth.ts';
import { auditRepo, type AuditChange, type AuditEntry } from './repo.ts';
import { diffSnapshots, loadSnapshots, type Snapshot, type TargetKind } from './targets.ts';
import { ARTICLE_FIELDS, articleChanges, confirmedRunChanges, operationArticles } from './operation-articles.ts';

export interface AuditSpec {
  /** The action's name (AUDIT_ACTION_LABELS in the contracts gives it words). */
  action: string;
  /** What the route writes; its items are read before and after. */
  target?: TargetKind;
  /** The items written (default: the `id` path parameter). */
  ids?: (request: FastifyRequest) => Array<number | string>;
  /**
   * Items the write touches beyond those it names, read before it runs (the replies a comment
   * delete takes along, the deleted comments above a restored reply): recorded as the named ones are.
   */
  related?: (db: Db, ids: number[]) => Promise<number[]>;
  /** Only these fields are compared (a bulk action over many articles). */
  fields?: readonly string[];
  /** The answer's field naming the item a create made (e.g. 'id', 'operationId'). */
  createdId?: (answer: Record<string, unknown>) => number | string | undefined;
  /** What else to keep: the request's settings worth reading later (never a password). */
  details?: (request: FastifyRequest, answer: Record<string, unknown> | undefined) => Record<string, unknown>;
  /**
   * The route acts on a bulk job (the `id` parameter names its operation): 'confirm' also
   * records what the run did to each article once it finished; 'undo', each article before and
   * after the undo.
   */
  operationArticles?: 'confirm' | 'undo';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the audit trail records this admin write; `false` for a POST that only reads. */
    audit?: AuditSpec | false;
  }
  interface FastifyRequest {
    auditState: {
      ids: string[];
      before: Map<string, Snapshot>;
      answer?: Record<string, unknown>;
      /** An undo's articles as they were before it. */
      articles?: { ids: string[]; total: number; before: Map<string, Snapshot> };
    } | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who and from where, as the request tells it. */
export function auditSource(request: FastifyRequest): Pick<AuditEntry, 'actor' | 'ip' | 'userAgent'> {
  const user = request.adminSession?.user;
  return {
    actor: user ? { id: user.id, username: user.username, role: user.role } : null,
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  };
}

/** Records an action a route takes outside the generic hook (sign-in, invitation). */
export async function recordAudit(db: Db, request: FastifyRequest, entry: Omit<AuditEntry, 'ip' | 'userAgent' | 'actor'> & { actor?: AuditEntry['actor'] }): Promise<void> {
  const source = auditSource(request);
  await auditRepo.insert(db, { ...source, ...entry, actor: entry.actor ?? source.actor, method: request.method, route: request.routeOptions.url });
}

const isAudited = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) && isGuardedRoute(request) && request.adminSession !== null && request.routeOptions.config?.audit !== false;

function idsOf(request: FastifyRequest, spec: AuditSpec | undefined): string[] {
  const ids = spec?.ids?.(request) ?? [(request.params as Record<string, unknown> | undefined)?.id].filter((v) => v !== undefined) as Array<number | string>;
  return [...new Set(ids.map(String))];
}

/** A default name for a write whose route declares none: its pattern. */
const defaultAction = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

type State = NonNullable<FastifyRequest['auditState']>;

/** The articles a confirm or an undo changed, each with its fields before and after. */
async function articlesOf(db: Db, spec: AuditSpec | undefined, state: State, operationId: string | null): Promise<{ changes: AuditChange[]; total: number }> {
  if (!spec?.operationArticles || operationId === null) return { changes: [], total: 0 };
  if (spec.operationArticles === 'undo') {
    const touched = state.articles;
    if (!touched) return { changes: [], total: 0 };
    const after = await loadSnapshots(db, 'article', touched.ids, ARTICLE_FIELDS);
    return { changes: articleChanges(touched.ids, touched.before, after), total: touched.total };
  }
  // A run still going when the answer leaves has not made all its changes: its operation's change log has them.
  const status = state.answer?.status;
  if (status !== 'success' && status !== 'error') return { changes: [], total: 0 };
  return confirmedRunChanges(db, Number(operationId));
}

export function registerAuditTrail(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auditState', null);

  app.addHook('preHandler', async (request) => {
    if (!isAudited(request)) return;
    const spec = request.routeOptions.config?.audit || undefined;
    const named = idsOf(request, spec);
    const ids = spec?.related ? [...new Set([...named, ...(await spec.related(db, named.map(Number))).map(String)])] : named;
    const before = spec?.target ? await loadSnapshots(db, spec.target, ids, spec.fields) : new Map<string, Snapshot>();
    request.auditState = { ids, before };
    if (spec?.operationArticles === 'undo' && ids.length === 1) {
      const touched = await operationArticles(db, Number(ids[0]));
      request.auditState.articles = { ...touched, before: await loadSnapshots(db, 'article', touched.ids, ARTICLE_FIELDS) };
    }
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.auditState && payload && typeof payload === 'object' && !Array.isArray(payload)) {
      request.auditState.answer = payload as Record<string, unknown>;
    }
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.auditState;
    if (!state || reply.statusCode >= 400) return payload;
    request.auditState = null;
    const spec = request.routeOptions.config?.audit || undefined;
    const created = state.answer && spec?.createdId?.(state.answer);
    const ids = created !== undefined && created !== null ? [String(created)] : state.ids;
    const after = spec?.target ? await loadSnapshots(db, spec.target, ids, spec.fields) : new Map<string, Snapshot>();
    const operationId = typeof state.answer?.operationId === 'number' ? state.answer.operationId : undefined;
    const single = ids.length === 1 ? ids[0] : null;
    // A job's entry names its operation; the item the job works on goes into the details.
    const targetType = spec?.target ?? (operationId !== undefined ? 'operation' : null);
    const targetId = spec?.target ? single : operationId ?? single;
    try {
      const articles = await articlesOf(db, spec, state, single);
      await auditRepo.insert(db, {
        ...auditSource(request),
        action: spec?.action ?? defaultAction(request),
        method: request.method,
        route: request.routeOptions.url,
        targetType,
        targetId,
        changes: [...(spec?.target ? diffSnapshots(ids, state.before, after) : []), ...articles.changes],
        details: {
          ...(articles.total ? { articles: articles.total } : {}),
          ...(ids.length > 1 ? { count: ids.length } : {}),
          ...(operationId !== undefined ? { operationId } : {}),
          ...(!spec?.target && operationId !== undefined && single !== null ? { itemId: single } : {}),
          ...spec?.details?.(request, state.answer),
        },
        status: reply.statusCode,
      });
    } catch (error) {
      // The write itself went through: its answer stands, and the gap in the trail is logged loudly.
      request.log.error({ err: error, action: spec?.action }, 'audit entry not written');
    }
    return payload;
  });
}
