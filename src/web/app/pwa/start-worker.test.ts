import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { whenDataSettled } from './start-worker';

/*
 * The offline worker waits for the page's first data (issue 30: "the worker loads after the page"): on /slots the
 * week arrives after `load`, and a registration before it would count against the first screen.
 */
describe('whenDataSettled', () => {
  it('runs at once when nothing is fetching', () => {
    const task = vi.fn();
    whenDataSettled(new QueryClient(), task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for every fetch to end, then runs once', async () => {
    const client = new QueryClient();
    let answerWeek!: (value: string) => void;
    let answerFields!: (value: string) => void;
    const week = client.fetchQuery({ queryKey: ['week'], queryFn: () => new Promise<string>((resolve) => (answerWeek = resolve)) });
    const fields = client.fetchQuery({ queryKey: ['fields'], queryFn: () => new Promise<string>((resolve) => (answerFields = resolve)) });
    const task = vi.fn();
    whenDataSettled(client, task);
    expect(task).not.toHaveBeenCalled();

    answerWeek('the week');
    await week;
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    expect(task).not.toHaveBeenCalled();

    answerFields('the fields');
    await fields;
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    await client.fetchQuery({ queryKey: ['later'], queryFn: () => Promise.resolve('x') });
    expect(task).toHaveBeenCalledTimes(1);
  });
});
