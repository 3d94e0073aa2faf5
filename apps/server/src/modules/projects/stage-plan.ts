// Editing a project's stages (docs/decisions/0074): the rules as one pure function, so they are
// tested without a database. A stage that has started (a record, a check, or no longer 施工中) keeps
// its place: the stages up to the last started one stay first, in their order, and nothing is put
// before them; only the stages after it may be removed, reordered or joined by new ones. A stage an
// instalment is tied to is never removed (the money would lose its stage); an accepted stage is not
// renamed or re-dated, since the owner accepted it under that name.
import { type ProjectChecklistItem, ProjectMessages } from "@yj/contract";

export interface CurrentStage {
  id: number;
  name: string;
  plannedStartDate: string | null;
  plannedFinishDate: string | null;
  checklist: ProjectChecklistItem[];
  accepted: boolean;
  started: boolean;
  hasInstalment: boolean;
}

export interface WantedStage {
  id?: number | undefined;
  name: string;
  plannedStartDate: string | null;
  plannedFinishDate: string | null;
  checklist?: string[] | undefined;
}

export interface PlannedStage {
  /** null: a new stage. */
  id: number | null;
  position: number;
  name: string;
  plannedStartDate: string | null;
  plannedFinishDate: string | null;
  checklist: ProjectChecklistItem[];
}

export type StagePlan = { ok: true; stages: PlannedStage[]; removed: number[] } | { ok: false; message: string };

const refuse = (message: string): StagePlan => ({ ok: false, message });

export function planStages(current: readonly CurrentStage[], wanted: readonly WantedStage[]): StagePlan {
  const byId = new Map(current.map((s) => [s.id, s]));
  const ids = wanted.flatMap((s) => (s.id === undefined ? [] : [s.id]));
  if (ids.some((id) => !byId.has(id)) || new Set(ids).size !== ids.length) return refuse(ProjectMessages.stageUnknown);
  const names = wanted.map((s) => s.name.trim());
  if (new Set(names).size !== names.length) return refuse(ProjectMessages.stageNamesRepeat);

  const lastStarted = current.findLastIndex((s) => s.started);
  for (let index = 0; index <= lastStarted; index += 1) {
    if (wanted[index]?.id !== current[index]?.id) return refuse(ProjectMessages.startedStageFixed);
  }
  const kept = new Set(ids);
  const removed = current.filter((s) => !kept.has(s.id));
  if (removed.some((s) => s.hasInstalment)) return refuse(ProjectMessages.stageHasInstalment);

  const stages: PlannedStage[] = [];
  for (const [index, want] of wanted.entries()) {
    const name = want.name.trim();
    const old = want.id === undefined ? undefined : byId.get(want.id);
    if (
      old?.accepted &&
      (old.name !== name ||
        old.plannedStartDate !== want.plannedStartDate ||
        old.plannedFinishDate !== want.plannedFinishDate ||
        (want.checklist !== undefined && want.checklist.join("\n") !== old.checklist.map((c) => c.item).join("\n")))
    ) {
      return refuse(ProjectMessages.acceptedStageFixed);
    }
    // A checklist item the inspector already ticked stays ticked when the list is rewritten.
    const checklist =
      want.checklist === undefined
        ? (old?.checklist ?? [])
        : want.checklist.map((item) => ({
            item,
            done: old?.checklist.some((c) => c.item === item && c.done) ?? false,
          }));
    stages.push({
      id: old?.id ?? null,
      position: index + 1,
      name,
      plannedStartDate: want.plannedStartDate,
      plannedFinishDate: want.plannedFinishDate,
      checklist,
    });
  }
  return { ok: true, stages, removed: removed.map((s) => s.id) };
}
