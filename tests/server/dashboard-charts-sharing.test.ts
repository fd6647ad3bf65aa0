// Dashboards that follow the live stream ask the same chart over the same range at once (decision
// 028): a call made while an identical one still waits for its connection shares it, and the shared
// statement starts after both were made; a call made once it has started runs its own.
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { createDashboardChartsRepository } from '../../server/modules/dashboard/dashboard-charts.repository';

const RANGE = { from: '2026-10-30', to: '2026-11-28', bucket: 'day' as const };

/** A database whose statements wait for `open()` before they get a connection, each answering its own number. */
function gatedDatabase() {
  let started = 0;
  const gates: (() => void)[] = [];
  const handle: Pick<DatabaseHandle, 'queryWhenConnected'> = {
    queryWhenConnected: async <Row>(_statement: unknown, onConnected: () => void) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      onConnected();
      started += 1;
      return [{ statement: started }] as Row[];
    },
  };
  return {
    handle,
    /** Lets the waiting transactions start, in the order they were asked. */
    open: () => gates.splice(0).forEach((start) => start()),
    started: () => started,
  };
}

describe('the dashboard charts under many open dashboards', () => {
  it('share one statement among identical calls made before it starts, and start another for a call made after', async () => {
    const database = gatedDatabase();
    const charts = createDashboardChartsRepository(database.handle);
    const early = [charts.bookingValue(RANGE), charts.bookingValue(RANGE), charts.bookingValue({ ...RANGE })];
    const otherRange = charts.bookingValue({ ...RANGE, from: '2026-11-22' });
    const otherChart = charts.cancellations(RANGE);
    database.open();
    const answers = await Promise.all(early);
    expect(answers.map(([row]) => row)).toEqual([{ statement: 1 }, { statement: 1 }, { statement: 1 }]);
    expect(database.started()).toBe(3);
    expect(await otherRange).not.toEqual(answers[0]);
    expect(await otherChart).not.toEqual(answers[0]);

    // Started: the same call again is a statement of its own.
    const late = charts.bookingValue(RANGE);
    database.open();
    expect(await late).toEqual([{ statement: 4 }]);
  });

  it('do not share a call that failed before it started', async () => {
    let attempts = 0;
    const charts = createDashboardChartsRepository({
      queryWhenConnected: async <Row>(_statement: unknown, onConnected: () => void) => {
        attempts += 1;
        if (attempts === 1) throw new Error('no connection');
        onConnected();
        return [{ attempt: attempts }] as Row[];
      },
    });
    await expect(charts.hosts(RANGE)).rejects.toThrow('no connection');
    expect(await charts.hosts(RANGE)).toEqual([{ attempt: 2 }]);
  });
});
