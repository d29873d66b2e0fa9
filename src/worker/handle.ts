/** Maps an RPC request to a SessionQueries call (the worker's thin adapter). */
import type { Request } from '../protocol/worker-protocol';
import type { SessionQueries } from './queries';

export function handleRequest(q: SessionQueries, req: Request): unknown {
  switch (req.op) {
    case 'rows': return q.rows(req.from, req.to);
    case 'rowsOf': return q.rowsOf(req.seqs);
    case 'filter': return q.filter(req.families);
    case 'typeCountsThrough': return q.typeCountsThrough(req.seq);
    case 'node': return q.node(req.seq, req.path);
    case 'json': return q.json(req.seq);
    case 'moment': return q.moment(req.seq);
    case 'lineage': return q.lineage(req.seq);
    case 'search': return q.search(req.query);
    case 'searchFrom': return q.searchFrom(req.query, req.from, req.budgetMs, req.cap);
    case 'cards': return q.cards(req.seqs);
    case 'runs': return q.runInfo(req.starts);
    case 'builtinTour': return q.builtinTour();
    case 'diff': return q.diff(req.a, req.b);
    case 'request': return q.request(req.seq);
    case 'brokenLine': return q.brokenLine(req.line, req.full);
    case 'overviewStats': return q.overviewStats(req.from, req.to);
    case 'overview': return q.overviewNow();
    case 'compare': return q.compare(req.seq);
  }
}
