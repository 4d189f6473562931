import { dashboardStats, SERVER_TIME_ZONE, TREND_DAYS } from '../repositories/activity';
import { client, createTestApp, insertUser, signIn, type TestApp } from '../test/helpers';

// The dashboard's searches per day (last 30 days, zero days included) and "active today",
// both on calendar days of the API server's time zone, checked against rows with known answers.

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

/** SQL for "`days` days before today, at `time` of that day, in time zone `zone`". */
const at = (zone: string, days: number, time = '12:00') =>
  `(((now() AT TIME ZONE '${zone}')::date - ${days}) + time '${time}') AT TIME ZONE '${zone}'`;

async function todayIn(zone: string): Promise<string> {
  const { rows } = await t.pool.query(
    "SELECT to_char((now() AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS day",
    [zone],
  );
  return rows[0].day;
}

/** The ISO date `days` before the ISO date `day`. */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function searchAt(userId: number, sql: string, drug = 'Metformin') {
  await t.pool.query(
    `INSERT INTO search_history (user_id, drug_name, searched_at) VALUES ($1, $2, ${sql})`,
    [userId, drug],
  );
}

async function userActiveAt(sql: string | null) {
  const user = await insertUser(t.pool);
  await t.pool.query(`UPDATE users SET last_active_at = ${sql ?? 'NULL'} WHERE id = $1`, [user.id]);
}

const clear = () => t.pool.query("TRUNCATE search_history; DELETE FROM users WHERE role = 'user'");

describe('GET /dashboard/stats: searches_per_day', () => {
  beforeEach(clear);

  it('answers 30 days, oldest first and today last, all zero without searches, and names the time zone', async () => {
    const data = (await api.get('/dashboard/stats')).json().data;
    const today = await todayIn(SERVER_TIME_ZONE);
    expect(data.time_zone).toBe(SERVER_TIME_ZONE);
    expect(data.searches_per_day).toHaveLength(TREND_DAYS);
    expect(data.searches_per_day).toEqual(
      Array.from({ length: TREND_DAYS }, (_, i) => ({
        date: daysBefore(today, TREND_DAYS - 1 - i),
        count: 0,
      })),
    );
  });

  it('counts each search on its day, midnight included, and leaves out searches older than 30 days', async () => {
    const zone = SERVER_TIME_ZONE;
    const { id } = await insertUser(t.pool, { name: 'Trend User' });
    await searchAt(id, at(zone, 0, '00:00:00')); // today, first instant
    await searchAt(id, `${at(zone, 0, '00:00:00')} - interval '1 second'`); // yesterday, last second
    await searchAt(id, at(zone, 0, '00:00:00'), 'Insulin'); // today again
    for (let n = 0; n < 3; n += 1) await searchAt(id, at(zone, 5, '09:30'));
    await searchAt(id, at(zone, TREND_DAYS - 1, '00:00:00')); // the oldest day shown
    await searchAt(id, `${at(zone, TREND_DAYS - 1, '00:00:00')} - interval '1 second'`); // one day too old
    await searchAt(id, at(zone, 400)); // long ago

    const data = (await api.get('/dashboard/stats')).json().data;
    const today = await todayIn(zone);
    const expected = new Map([
      [today, 2],
      [daysBefore(today, 1), 1],
      [daysBefore(today, 5), 3],
      [daysBefore(today, TREND_DAYS - 1), 1],
    ]);
    expect(data.searches_per_day).toEqual(
      Array.from({ length: TREND_DAYS }, (_, i) => {
        const date = daysBefore(today, TREND_DAYS - 1 - i);
        return { date, count: expected.get(date) ?? 0 };
      }),
    );
    // Every search is counted in the total, in or out of the window.
    expect(data.total_searches).toBe(9);
  });

  it('uses the calendar days of the time zone it is given, not UTC days', async () => {
    // UTC+14 all year: its midnight is 10:00 UTC of the day before, so its days are not UTC days.
    const zone = 'Pacific/Kiritimati';
    const { id } = await insertUser(t.pool);
    await searchAt(id, at(zone, 1, '23:59:59'));
    await searchAt(id, at(zone, 0, '00:00:00'));
    const stats = await dashboardStats(t.pool, zone);
    const today = await todayIn(zone);
    expect(stats.time_zone).toBe(zone);
    expect(stats.searches_per_day.at(-1)).toEqual({ date: today, count: 1 });
    expect(stats.searches_per_day.at(-2)).toEqual({ date: daysBefore(today, 1), count: 1 });
  });
});

describe('GET /dashboard/stats: active_today at the edge of midnight', () => {
  beforeEach(async () => {
    await clear();
    // Any authenticated call marks the signed-in administrator active now, today in every zone.
    expect((await api.get('/auth/me')).statusCode).toBe(200);
  });

  it.each([SERVER_TIME_ZONE, 'Pacific/Kiritimati', 'America/St_Johns'])(
    'counts activity from 00:00:00 of today in %s, not a second before',
    async (zone) => {
      await userActiveAt(at(zone, 0, '00:00:00'));
      await userActiveAt(`${at(zone, 0, '00:00:00')} + interval '1 second'`);
      await userActiveAt(`${at(zone, 0, '00:00:00')} - interval '1 second'`);
      await userActiveAt(at(zone, 1));
      await userActiveAt(null);
      const stats =
        zone === SERVER_TIME_ZONE
          ? (await api.get('/dashboard/stats')).json().data
          : await dashboardStats(t.pool, zone);
      expect(stats.active_today).toBe(3);
    },
  );
});
