// find_hotspots: the most-called functions of one build (call sites written or macro-made, pointer calls by
// member name, vector slots), with how many distinct functions call each and where each is defined.
import { CALL_KINDS } from '../../model/symbol.js';
import { pageBounds, pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import type { BuildSelector } from '../resolve-build.js';

export interface HotspotsRequest extends BuildSelector {
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
  /** Count only direct calls (call, macro_call): leaves pointer and vector rows out. */
  directOnly?: boolean;
}

export interface HotspotRow {
  name: string;
  calls: number;
  callers: number;
  /** Where the function is defined in this build; `<undefined>` for library or unresolved names. */
  file: string;
  line: number | null;
}

export function findHotspots(ctx: ProjectContext, req: HotspotsRequest): (Record<string, unknown> | PageNotice | HotspotRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, 20, 200);
  const kinds = req.directOnly ? ['call', 'macro_call'] : CALL_KINDS;
  const p = reader.callGraph().callCounts(build.id, kinds, !!req.projectOnly, { limit, offset });
  const rows = p.rows.map((r) => {
    const def = reader.lookupSymbols(r.name, false, { buildId: build.id, kinds: ['function', 'method'] }, { limit: 1, offset: 0 }).rows[0];
    return { ...r, file: def?.file ?? '<undefined>', line: def?.line ?? null };
  });
  return pagedAnswer(ctx, reader, build, rows, p.total, offset);
}
