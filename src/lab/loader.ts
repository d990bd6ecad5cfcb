/**
 * Turning the text of a lab file (and its README) into a Lab, or into a list of problems
 * that name the file and field. Beyond the zod schema it checks what only the model knows:
 * the model exists, the starting state fits it, every switch and action is in its
 * vocabulary. A broken lab never stops the others from loading.
 */
import { getModel, hasModel, modelIds } from './models';
import { parseActionFor } from '../sim/parseAction';
import { routeModel, routedModels } from '../sim/models/matrix/route';
import { isRefusal, type Model, type RefusalReason } from '../sim/model';
import { switchesOf } from '../sim/switches';
import { checkLabTranslation, type LabTranslation, type LabTranslationFiles } from './i18n/labStrings';
import { LOCALES, type Locale } from './i18n/locales';
import { spellAmounts } from './i18n/labAmounts';
import { jsonProblem, labProblem, saidProblem, zodProblems } from './loaderProblems';
import { readJson } from './jsonInput';
import { labFileSchema, type Lab, type LabFile, type LabLoad, type LabProblem } from './schema';

// Problems carry a code and parameters besides their English (loaderProblems.ts); cards.ts
// and the tests import these from here.
export { fieldPath, zodProblems } from './loaderProblems';

/**
 * @param file path shown to the author, e.g. `labs/L07/lab.json`
 * @param readme the lab's README.md text, or null if missing
 * @param translations per locale, the lab's `strings.<locale>.json` and `README.<locale>.md`
 *   texts (only locales whose strings file exists; see src/lab/i18n/labStrings.ts)
 */
export function parseLab(file: string, text: string, readme: string | null,
  translations: Partial<Record<Locale, LabTranslationFiles>> = {}): LabLoad {
  const read = readJson(text);
  if (!read.ok) return { ok: false, file, id: null, problems: [jsonProblem(file, read)] };
  const json = read.value;
  const id = typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : null;
  const parsed = labFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, file, id, problems: zodProblems(file, parsed.error, json) };
  const problems = semanticProblems(file, parsed.data);
  const readmeFile = file.replace(/lab\.json$/, 'README.md');
  if (readme === null) problems.push(labProblem(readmeFile, '(file)', 'problems.no_readme'));
  // Amounts are written {{cents:N}} and spelled here, in English (labAmounts.ts).
  const data = spellAmounts(parsed.data, 'en', file, problems);
  const narrative = spellAmounts(readme ?? '', 'en', readmeFile, problems);
  if (problems.length > 0) return { ok: false, file, id, problems };
  const lab: Lab = { ...data, file, readme: narrative };
  const translated = checkTranslations(lab, translations);
  if (translated.problems.length > 0) return { ok: false, file, id, problems: translated.problems };
  return { ok: true, lab: translated.lab };
}

/** Each locale the lab opted into (it has `strings.<locale>.json`) must be complete. */
function checkTranslations(lab: Lab, files: Partial<Record<Locale, LabTranslationFiles>>): { lab: Lab; problems: LabProblem[] } {
  const problems: LabProblem[] = [];
  const translations: Partial<Record<Locale, LabTranslation>> = {};
  for (const locale of LOCALES) {
    const found = files[locale];
    if (!found) continue;
    const result = checkLabTranslation(lab, locale, lab.file.replace(/lab\.json$/, `strings.${locale}.json`), found);
    problems.push(...result.problems);
    if (result.translation) translations[locale] = result.translation;
  }
  return { lab: Object.keys(translations).length > 0 ? { ...lab, translations } : lab, problems };
}

function semanticProblems(file: string, lab: LabFile): LabProblem[] {
  if (!hasModel(lab.model)) {
    return [labProblem(file, 'model', 'problems.unknown_model', { model: lab.model, known: modelIds().join(', ') })];
  }
  const labModel = getModel(lab.model);
  // L06's executor switch picks the model a scenario or exercise runs (src/sim/models/matrix/route.ts).
  const modelUnder = (switches?: Record<string, string>) => getModel(routeModel(lab.model, { ...lab.world.switches, ...switches }));
  const model = modelUnder();
  const problems: LabProblem[] = [];
  // A model's own checks (starting state, actions) answer in its words: shown as they come.
  const add = (field: string, message: RefusalReason | null) => { if (message) problems.push(saidProblem(file, field, message)); };
  const addSwitches = (field: string, model: Model, chosen: Record<string, string>) => {
    const problem = switchIssue(file, field, model, chosen);
    if (problem) problems.push(problem);
  };
  add('world.initial', model.validateInitial(lab.world.initial));
  addSwitches('world.switches', labModel, lab.world.switches);
  // A palette button is valid if some executor the lab can switch to understands it.
  const paletteModels = routedModels(lab.model).map(getModel);
  lab.actions.forEach((entry, i) => add(`actions[${i}].action`,
    paletteModels.some((m) => actionProblem(m, entry.action) === null) ? null : actionProblem(labModel, entry.action)));
  lab.scenarios.forEach((scenario, i) => {
    const model = modelUnder(scenario.switches);
    if (scenario.initial) add(`scenarios[${i}].initial`, model.validateInitial({ ...lab.world.initial, ...scenario.initial }));
    if (scenario.switches) addSwitches(`scenarios[${i}].switches`, model, scenario.switches);
    scenario.actions.forEach((action, j) => add(`scenarios[${i}].actions[${j}]`, actionProblem(model, action)));
  });
  lab.exercises.forEach((exercise, i) => {
    const at = `exercises[${i}]`;
    const start: { initial?: Record<string, unknown>; switches?: Record<string, string>; actions?: unknown[] } = 'start' in exercise ? exercise.start : {};
    const model = modelUnder(start.switches);
    if (start.initial) add(`${at}.start.initial`, model.validateInitial({ ...lab.world.initial, ...start.initial }));
    if (start.switches) addSwitches(`${at}.start.switches`, model, start.switches);
    const actionLists: [string, unknown[]][] = [];
    if ('actions' in start && start.actions) actionLists.push([`${at}.start.actions`, start.actions]);
    if (exercise.kind === 'predict') add(`${at}.step`, actionProblem(model, exercise.step));
    if (exercise.kind === 'reproduce') actionLists.push([`${at}.solution`, exercise.solution]);
    if (exercise.kind === 'repair') {
      actionLists.push([`${at}.actions`, exercise.actions]);
      exercise.options.forEach((o, j) => {
        const bad = o.values.map((v) => switchIssue(file, `${at}.options[${j}]`, model, { [o.switch]: v })).find(Boolean);
        if (bad) problems.push(bad);
      });
      addSwitches(`${at}.solution`, model, exercise.solution);
    }
    for (const [field, actions] of actionLists) actions.forEach((a, j) => add(`${field}[${j}]`, actionProblem(model, a)));
  });
  const exerciseIds = lab.exercises.map((e) => e.id);
  exerciseIds.forEach((eid, i) => { if (exerciseIds.indexOf(eid) !== i) problems.push(labProblem(file, `exercises[${i}].id`, 'problems.duplicate_exercise', { id: eid })); });
  const ids = lab.scenarios.map((s) => s.id);
  ids.forEach((sid, i) => { if (ids.indexOf(sid) !== i) problems.push(labProblem(file, `scenarios[${i}].id`, 'problems.duplicate_scenario', { id: sid })); });
  return problems;
}

function actionProblem(model: Model, raw: unknown): RefusalReason | null {
  const parsed = parseActionFor(model, raw);
  return isRefusal(parsed) ? parsed : null;
}

/**
 * Why `chosen` is not a valid switch setting for `model`, as a problem, or null. The same
 * check and words as src/sim/switches.ts's `switchProblem` (which the World uses), with a
 * code the page can translate.
 */
export function switchIssue(file: string, field: string, model: Model, chosen: Record<string, string>): LabProblem | null {
  const specs = switchesOf(model);
  for (const [key, value] of Object.entries(chosen)) {
    const spec = specs.find((s) => s.key === key);
    if (!spec) return labProblem(file, field, 'problems.unknown_switch', { key, known: specs.map((s) => s.key).join(', ') });
    if (!spec.options.some((o) => o.value === value)) {
      return labProblem(file, field, 'problems.switch_value', { key, value, options: spec.options.map((o) => o.value).join(', ') });
    }
  }
  return null;
}
