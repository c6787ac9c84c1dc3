import { describe, expect, it } from 'vitest';
import { errorShapeProblems, leakProblems, preview } from './answer-checks';

// The checks the access matrix and the hostile-input run rely on: each must catch what it is for, and must
// not accuse a plain answer of the league (or a person's message that says "select" or "from").

const json = 'application/json; charset=utf-8';
const error = (status: number, body: unknown, contentType = json, method = 'GET') => errorShapeProblems({ method, status, contentType, body: JSON.stringify(body) });

describe('the one error shape', () => {
  it('accepts { error: { code, message, details? } } as JSON', () => {
    expect(error(400, { error: { code: 'VALIDATION_FAILED', message: 'Please check "from"', details: [{ path: 'from' }] } })).toEqual([]);
    expect(error(404, { error: { code: 'NOT_FOUND', message: 'No such route' } })).toEqual([]);
  });

  it("refuses Fastify's own error bodies, other keys, and answers that are not JSON", () => {
    expect(error(414, { error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: 'too long', statusCode: 414 })).not.toEqual([]);
    expect(error(431, { error: 'Request Header Fields Too Large', message: 'Exceeded', statusCode: 431 })).not.toEqual([]);
    expect(error(400, { error: { code: 'X', message: 'y', stack: 'at z' } })).toEqual(['error has other keys: stack']);
    expect(error(400, { error: { code: '', message: 'y' } })).toEqual(['error.code is not a string']);
    expect(error(400, { error: { code: 'X', message: 'y' } }, 'text/html')).toEqual(['error answer has content-type "text/html", not application/json']);
    expect(errorShapeProblems({ method: 'GET', status: 500, contentType: json, body: 'Internal Server Error' })).toEqual(['error answer is not JSON']);
  });

  it('does not judge successes, redirects or answers to HEAD', () => {
    expect(errorShapeProblems({ method: 'GET', status: 200, contentType: 'text/csv', body: 'a,b' })).toEqual([]);
    expect(errorShapeProblems({ method: 'GET', status: 302, contentType: undefined, body: '' })).toEqual([]);
    expect(errorShapeProblems({ method: 'HEAD', status: 404, contentType: json, body: '' })).toEqual([]);
  });
});

describe('leaks', () => {
  it('finds stack frames, source paths, SQL, database errors and driver names', () => {
    const cases = [
      'TypeError: x is undefined\n    at handler (/work/main/src/server/modules/slots/slots.service.ts:12:5)',
      'at Object.<anonymous> (file:///app/dist/server.js:1:2)',
      'Cannot find module /app/node_modules/ics/index.js',
      'Failed query: select "id", "name" from "teams" where "id" = $1',
      'insert into "bookings" ("slot_id") values ($1)',
      'update "slots" set "status" = $1',
      'duplicate key value violates unique constraint "teams_name_unique"',
      'date/time field value out of range: "10000-01-01"',
      'PostgresError: invalid input syntax for type uuid: "x"',
      '{"error":"Bad Request","message":"Client Error","statusCode":400}',
      'FST_ERR_MAX_PARAM_LENGTH',
    ];
    for (const text of cases) expect(leakProblems(text), text).not.toEqual([]);
  });

  it("leaves the league's own words alone", () => {
    const fine = [
      '{"error":{"code":"VALIDATION_FAILED","message":"Select a team from the list, then update the form."}}',
      '{"error":{"code":"CONFLICT","message":"Someone just booked this slot. Pick another time."}}',
      '{"slots":[{"fieldName":"Field 1","notes":"Meet at the gate"}]}',
      'Team,Field,Starts at\nTeam 1,Field 1,2026-03-01T17:00:00Z',
    ];
    for (const text of fine) expect(leakProblems(text), text).toEqual([]);
  });
});

describe('preview', () => {
  it('cuts long values down for a failure message', () => {
    expect(preview('x'.repeat(1000), 10)).toBe('xxxxxxxxxx… (1000 characters)');
    expect(preview({ list: Array.from({ length: 10_000 }, () => 1) })).toContain('…(10000 items)');
  });
});
