import { describe, expect, it } from 'vitest';
import { coverage, isComplete, mergeSpans, resumeAt } from './watched-ranges.ts';

describe('mergeSpans', () => {
  it.each([
    ['overlapping', [[0, 10]], [[5, 20]], [[0, 20]]],
    ['touching', [[0, 10]], [[10, 15]], [[0, 15]]],
    ['apart', [[0, 10]], [[30, 40]], [[0, 10], [30, 40]]],
    ['out of order', [], [[50, 60], [0, 5], [3, 12]], [[0, 12], [50, 60]]],
    ['a late report inside what is known', [[0, 60]], [[10, 20]], [[0, 60]]],
    ['bridging two spans', [[0, 10], [20, 30]], [[8, 22]], [[0, 30]]],
    ['fractions widened to whole seconds', [], [[3.4, 7.2]], [[3, 8]]],
    ['past the end clamped', [], [[90, 500]], [[90, 100]]],
    ['reversed and empty dropped', [], [[20, 10], [5, 5]], [[10, 20]]],
  ] as [string, [number, number][], [number, number][], [number, number][]][])('merges %s spans', (_name, existing, reported, expected) => {
    expect(mergeSpans(existing, reported, 100)).toEqual(expected);
  });

  it('gives the same answer whatever the order of reports (a beacon after the heartbeat)', () => {
    const reports: [number, number][][] = [[[0, 15]], [[15, 30]], [[10, 20]], [[45, 60]]];
    const forward = reports.reduce<[number, number][]>((spans, report) => mergeSpans(spans, report, 60), []);
    const backward = [...reports].reverse().reduce<[number, number][]>((spans, report) => mergeSpans(spans, report, 60), []);
    expect(forward).toEqual(backward);
    expect(forward).toEqual([[0, 30], [45, 60]]);
  });
});

describe('completion and resume', () => {
  it('is complete at 90 % coverage, not by reaching the last second', () => {
    expect(isComplete([[0, 89]], 100)).toBe(false);
    expect(isComplete([[0, 90]], 100)).toBe(true);
    expect(isComplete([[95, 100]], 100)).toBe(false);
    expect(coverage([[0, 30], [50, 80]], 100)).toBeCloseTo(0.6);
  });

  it('resumes at the saved position, from the start when near the end or none', () => {
    expect(resumeAt(42.37, 100)).toBe(42.3);
    expect(resumeAt(96, 100)).toBe(0);
    expect(resumeAt(0, 100)).toBe(0);
  });
});
