import { describe, expect, it } from 'vitest';
import { buildTree, flattenTree, parentOf } from './tree';

describe('buildTree', () => {
  it('groups by parentSession, orders siblings by createdAt then id, depth-first', () => {
    const items = [
      { key: 'c2', id: 'c2', parentSession: 'root', createdAt: 30, seedLength: 5 },
      { key: 'root', id: 'root', createdAt: 10 },
      { key: 'c1', id: 'c1', parentSession: 'root', createdAt: 20, seedLength: 3 },
      { key: 'g', id: 'g', parentSession: 'c1', createdAt: 25 },
      { key: 'b', id: 'b', parentSession: 'root', createdAt: 20 },
    ];
    const flat = flattenTree(buildTree(items));
    expect(flat.map((n) => [n.item.key, n.depth])).toEqual([['root', 0], ['b', 1], ['c1', 1], ['g', 2], ['c2', 1]]);
    expect(flat.every((n) => !n.orphan && !n.cycle)).toBe(true);
  });

  it('marks a missing parent as an orphan root', () => {
    const [n] = buildTree([{ key: 'x', id: 'x', parentSession: 'gone' }]);
    expect(n.orphan).toBe(true);
    expect(n.depth).toBe(0);
  });

  it('reports cycles instead of looping', () => {
    const roots = buildTree([{ key: 'a', id: 'a', parentSession: 'b' }, { key: 'b', id: 'b', parentSession: 'a' }, { key: 'c', id: 'c', parentSession: 'a' }]);
    const flat = flattenTree(roots);
    expect(flat.filter((n) => n.cycle).map((n) => n.item.key).sort()).toEqual(['a', 'b']);
    expect(flat.find((n) => n.item.key === 'c')!.depth).toBe(1);
  });

  it('keeps duplicates of one session id and items without ids as roots', () => {
    const flat = flattenTree(buildTree([{ key: 'k1', id: 's' }, { key: 'k2', id: 's' }, { key: 'none' }]));
    expect(flat.map((n) => n.item.key).sort()).toEqual(['k1', 'k2', 'none']);
  });

  it('finds the parent of a child', () => {
    const items = [{ key: 'p', id: 'p' }, { key: 'c', id: 'c', parentSession: 'p', seedLength: 4 }];
    expect(parentOf(items, items[1])?.key).toBe('p');
    expect(parentOf(items, items[0])).toBeUndefined();
  });
});
