// The promo overview and the three promo screens: read, validate, save with an audit record.
import {
  PROMO_DEFAULTS,
  PROMO_KIND_BY_URL,
  PROMO_MESSAGES,
  PROMO_URL_KINDS,
  toPromoUrlKind,
  type GuestPromoState,
  type GuestPromoUpdate,
  type HostPromoState,
  type HostPromoUpdate,
  type PromoState,
  type PromoSummary,
  type PromoUrlKind,
} from '../../../src/contracts/promos';
import { PROMO_KINDS, type PromoKind } from '../../../src/contracts/statuses';
import type { Database, Transaction } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { NewPromo, PromoChange, PromoRecord, PromosRepository } from './promos.repository';

interface PromosServiceDeps {
  db: Database;
  repository: PromosRepository;
  audit: AuditService;
  clock: Clock;
}

type HostUrlKind = Exclude<PromoUrlKind, 'guest'>;

function parseUrlKind(value: string): PromoUrlKind {
  const found = PROMO_URL_KINDS.find((kind) => kind === value);
  if (!found) throw new NotFoundError(PROMO_MESSAGES.notFound);
  return found;
}

/** What every promo screen's state carries besides its own fields (the contract's state metadata). */
function stateMetadata(record: PromoRecord) {
  return { kind: toPromoUrlKind(record.kind as PromoKind), name: record.name, version: record.version, updatedAt: record.updatedAt.toISOString() };
}

function toGuestState(record: PromoRecord): GuestPromoState {
  return {
    ...stateMetadata(record),
    promoCode: record.promoCode ?? '',
    validUntil: record.validUntil,
    promoValue: record.promoValue ?? PROMO_DEFAULTS.promoValue,
    activation: record.isActive,
  };
}

function toHostState(record: PromoRecord): HostPromoState {
  return {
    ...stateMetadata(record),
    validityEnds: record.validUntil,
    freeStays: record.freeStays ?? PROMO_DEFAULTS.freeStays,
    isActive: record.isActive,
  };
}

function toState(record: PromoRecord): PromoState {
  return record.kind === 'guest' ? toGuestState(record) : toHostState(record);
}

function toSummary(record: PromoRecord): PromoSummary {
  const common = {
    kind: toPromoUrlKind(record.kind as PromoKind),
    name: record.name,
    status: record.isActive ? ('Active' as const) : ('Inactive' as const),
    validUntil: record.validUntil,
  };
  if (record.kind === 'guest') {
    return { ...common, promoCode: record.promoCode ?? '', promoValue: record.promoValue ?? PROMO_DEFAULTS.promoValue };
  }
  return { ...common, numberOfStays: record.freeStays ?? PROMO_DEFAULTS.freeStays };
}

export function createPromosService({ db, repository, audit, clock }: PromosServiceDeps) {
  function defaultRow(kind: PromoKind): NewPromo {
    const now = clock.now();
    const isGuest = kind === 'guest';
    return {
      kind,
      name: PROMO_DEFAULTS.names[kind],
      promoCode: isGuest ? PROMO_DEFAULTS.promoCode : null,
      validUntil: PROMO_DEFAULTS.validUntil,
      promoValue: isGuest ? PROMO_DEFAULTS.promoValue : null,
      freeStays: isGuest ? null : PROMO_DEFAULTS.freeStays,
      isActive: PROMO_DEFAULTS.isActive,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** The three rows, created with the defaults of docs/product.md §14 when a database has none (no demo seed). */
  async function readAll(): Promise<Map<PromoKind, PromoRecord>> {
    let records = await repository.listAll();
    const missing = PROMO_KINDS.filter((kind) => !records.some((record) => record.kind === kind));
    if (missing.length > 0) {
      await repository.insertMissing(missing.map(defaultRow));
      records = await repository.listAll();
    }
    return new Map(records.map((record) => [record.kind as PromoKind, record]));
  }

  async function save(
    administratorId: number,
    kind: PromoKind,
    version: number | undefined,
    change: PromoChange,
    check: (transaction: Transaction) => Promise<void>,
  ): Promise<PromoRecord> {
    await readAll();
    return db.transaction(async (transaction) => {
      const before = await repository.lockByKind(transaction, kind);
      if (!before) throw new NotFoundError(PROMO_MESSAGES.notFound);
      if (version !== undefined && version !== before.version) throw new ConflictError(PROMO_MESSAGES.changed);
      await check(transaction);
      const after = await repository.update(transaction, before.id, change, clock.now());
      await audit.record(transaction, {
        administratorId,
        action: 'promo.update',
        entityType: 'promo',
        entityId: before.id,
        before: toState(before),
        after: toState(after),
      });
      return after;
    });
  }

  return {
    async listSummaries(): Promise<PromoSummary[]> {
      const records = await readAll();
      return PROMO_KINDS.flatMap((kind) => {
        const record = records.get(kind);
        return record ? [toSummary(record)] : [];
      });
    },

    async findState(urlKind: string): Promise<PromoState> {
      const kind = PROMO_KIND_BY_URL[parseUrlKind(urlKind)];
      const record = (await readAll()).get(kind);
      if (!record) throw new NotFoundError(PROMO_MESSAGES.notFound);
      return toState(record);
    },

    async updateGuest(administratorId: number, update: GuestPromoUpdate): Promise<GuestPromoState> {
      const change: PromoChange = {
        promoCode: update.promoCode,
        validUntil: update.validUntil,
        promoValue: update.promoValue,
        isActive: update.activation,
      };
      const saved = await save(administratorId, 'guest', update.version, change, async (transaction) => {
        if (await repository.isCodeUsedByOther(transaction, update.promoCode, 'guest')) {
          throw new ConflictError(PROMO_MESSAGES.promoCodeTaken);
        }
      });
      return toGuestState(saved);
    },

    /** The guest promo has its own route and body; here only the two host kinds are found. */
    async updateHost(administratorId: number, urlKind: string, update: HostPromoUpdate): Promise<HostPromoState> {
      const parsed = parseUrlKind(urlKind);
      if (parsed === 'guest') throw new NotFoundError(PROMO_MESSAGES.notFound);
      const change: PromoChange = { validUntil: update.validityEnds, freeStays: update.freeStays, isActive: update.isActive };
      const saved = await save(administratorId, PROMO_KIND_BY_URL[parsed satisfies HostUrlKind], update.version, change, async () => {});
      return toHostState(saved);
    },
  };
}
