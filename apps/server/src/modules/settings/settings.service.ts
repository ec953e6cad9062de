import {
  centsToPesos,
  pesosToCents,
  type LogoType,
  type ShopIdentity,
  type ShopSettings,
  type UpdateShopSettingsBody,
} from '@mostrador/shared';
import type { Config } from '../../config.js';
import type { DialectName, Executor } from '../../db/connection.js';
import type { ShopSettingsRow } from '../../db/schema.js';
import type { TransactionRunner } from '../../db/transactions.js';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './settings.queries.js';

// The shop's settings: one row, each column null until the shop saves it, when the environment's
// first-start default applies (BUSINESS_NAME, BUSINESS_DETAILS, RECEIPT_FOOTER, PUBLIC_URL,
// CASH_REQUIRES_SHIFT, BLIND_COUNT, SELLER_RETURN_LIMIT, OPEN_PRICE_FLOOR). The sale path reads
// them, so they are kept in memory: on SQLite for good (one process owns the database; a save
// replaces them), on PostgreSQL for a few seconds (another process may have saved meanwhile).

export type SettingsConfig = Pick<
  Config,
  | 'BUSINESS_NAME'
  | 'BUSINESS_DETAILS'
  | 'RECEIPT_FOOTER'
  | 'PUBLIC_URL'
  | 'CASH_REQUIRES_SHIFT'
  | 'BLIND_COUNT'
  | 'SELLER_RETURN_LIMIT'
  | 'OPEN_PRICE_FLOOR'
>;

/** Where the logo is served; `v` changes with each save, so a browser never shows an old one. */
export const logoPath = (version: number) => `/api/settings/logo?v=${version}`;

/** The logo's bytes and type, for PDFs and its URL. */
export interface ShopLogo {
  data: Buffer;
  type: LogoType;
}

/** '|' or new lines (real ones, or a literal "\n" as typed in a .env file) separate an environment value's lines. */
const envLines = (text: string | undefined) =>
  (text ?? '')
    .split(/\||\r?\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

export interface SettingsDeps {
  db: Executor;
  dialect: DialectName;
  transact: TransactionRunner;
  clock: Clock;
  config: SettingsConfig;
  /** How long a read stays fresh, ms; by default for good on SQLite, 5 s on PostgreSQL. */
  maxAgeMs?: number;
  /** A monotonic clock for that age (the business clock may move: the demo sets it). */
  monotonic?: () => number;
}

interface Snapshot {
  settings: ShopSettings;
  logo: ShopLogo | null;
  version: number;
  readAt: number;
}

export function createSettingsService({
  db,
  dialect,
  transact,
  clock,
  config,
  maxAgeMs = dialect === 'sqlite' ? Infinity : 5000,
  monotonic = () => performance.now(),
}: SettingsDeps) {
  const defaults: ShopSettings = {
    businessName: config.BUSINESS_NAME,
    address: envLines(config.BUSINESS_DETAILS),
    phone: '',
    rfc: '',
    ticketFooter: envLines(config.RECEIPT_FOOTER),
    logo: null,
    publicUrl: config.PUBLIC_URL ?? null,
    cashRequiresShift: config.CASH_REQUIRES_SHIFT,
    blindCount: config.BLIND_COUNT,
    sellerReturnLimit: config.SELLER_RETURN_LIMIT,
    openPriceFloor: config.OPEN_PRICE_FLOOR,
  };

  function snapshotOf(row: ShopSettingsRow | undefined): Snapshot {
    const version = row?.version ?? 0;
    const logo = row?.logo && row.logoType ? { data: Buffer.from(row.logo), type: row.logoType as LogoType } : null;
    const flag = (value: number | null | undefined, fallback: boolean) =>
      value === null || value === undefined ? fallback : value === 1;
    const pesos = (cents: number | null | undefined, fallback: number) =>
      cents === null || cents === undefined ? fallback : centsToPesos(cents);
    return {
      settings: {
        businessName: row?.businessName ?? defaults.businessName,
        address: row?.address ?? defaults.address,
        phone: row?.phone ?? defaults.phone,
        rfc: row?.rfc ?? defaults.rfc,
        ticketFooter: row?.ticketFooter ?? defaults.ticketFooter,
        logo: logo ? logoPath(version) : null,
        // '' is "saved as none": the environment's address no longer applies.
        publicUrl: row?.publicUrl === '' ? null : (row?.publicUrl ?? defaults.publicUrl),
        cashRequiresShift: flag(row?.cashRequiresShift, defaults.cashRequiresShift),
        blindCount: flag(row?.blindCount, defaults.blindCount),
        sellerReturnLimit: pesos(row?.sellerReturnLimitCents, defaults.sellerReturnLimit),
        openPriceFloor: pesos(row?.openPriceFloorCents, defaults.openPriceFloor),
      },
      logo,
      version,
      readAt: monotonic(),
    };
  }

  let cached: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;

  /** Keeps the newest of what was read or saved (two saves' answers may land in either order). */
  function remember(snapshot: Snapshot): Snapshot {
    if (cached === null || snapshot.version >= cached.version) cached = snapshot;
    else cached = { ...cached, readAt: snapshot.readAt };
    return cached;
  }

  const fresh = () => cached !== null && monotonic() - cached.readAt < maxAgeMs;

  function reload(): Promise<Snapshot> {
    loading ??= q
      .findShopSettings(db)
      .then((row) => remember(snapshotOf(row)))
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function snapshot(executor?: Executor): Promise<Snapshot> {
    if (fresh()) return cached!;
    // Inside a caller's transaction the read goes through it: on SQLite the database's one
    // connection is that transaction's until it ends.
    if (executor) return remember(snapshotOf(await q.findShopSettings(executor)));
    if (cached === null) return reload();
    // Stale: answered with what is known while it is read again, so a sale never waits for the
    // settings (PostgreSQL: another process's save shows within maxAgeMs and one request).
    reload().catch(() => undefined);
    return cached;
  }

  function columnsOf(body: UpdateShopSettingsBody): q.ShopSettingsChanges {
    const changes: q.ShopSettingsChanges = {};
    if (body.businessName !== undefined) changes.businessName = body.businessName;
    if (body.address !== undefined) changes.address = body.address;
    if (body.phone !== undefined) changes.phone = body.phone;
    if (body.rfc !== undefined) changes.rfc = body.rfc;
    if (body.ticketFooter !== undefined) changes.ticketFooter = body.ticketFooter;
    if (body.publicUrl !== undefined) changes.publicUrl = body.publicUrl ?? '';
    if (body.cashRequiresShift !== undefined) changes.cashRequiresShift = body.cashRequiresShift ? 1 : 0;
    if (body.blindCount !== undefined) changes.blindCount = body.blindCount ? 1 : 0;
    if (body.sellerReturnLimit !== undefined) changes.sellerReturnLimitCents = pesosToCents(body.sellerReturnLimit);
    if (body.openPriceFloor !== undefined) changes.openPriceFloorCents = pesosToCents(body.openPriceFloor);
    if (body.logo === null) {
      changes.logo = null;
      changes.logoType = null;
    } else if (body.logo !== undefined) {
      const [head = '', data = ''] = body.logo.split(',');
      changes.logo = Buffer.from(data, 'base64');
      changes.logoType = head.slice('data:'.length, head.indexOf(';'));
    }
    return changes;
  }

  return {
    /**
     * The shop's settings as they stand: what was saved, else the environment's default. Pass the
     * transaction you are in (`executor`) when you call it inside one.
     */
    async current(executor?: Executor): Promise<ShopSettings> {
      return (await snapshot(executor)).settings;
    },

    /** What a public page shows of the shop (the shared statement). */
    async identity(executor?: Executor): Promise<ShopIdentity> {
      const { businessName, address, phone, rfc, logo } = (await snapshot(executor)).settings;
      return { businessName, address, phone, rfc, logo };
    },

    /** The logo's bytes, or null without one. */
    async logo(executor?: Executor): Promise<ShopLogo | null> {
      return (await snapshot(executor)).logo;
    },

    /** PUT /settings (Admin): saves the fields sent; the others keep their value. */
    async update(body: UpdateShopSettingsBody, actor: Actor): Promise<ShopSettings> {
      const changes = columnsOf(body);
      const row = await transact((trx) => q.updateShopSettings(trx, changes, clock(), actor.id));
      return remember(snapshotOf(row)).settings;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
