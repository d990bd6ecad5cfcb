// The grader's other report formats: answers.html (every explain answer, for an instructor
// to read) and Gradescope's results.json. Plain ESM, types in formats.d.mts.

/** Text safe inside HTML element content and attribute values. */
export function html(value) {
  return String(value ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const mark = (pass) => (pass === true ? '✓' : pass === false ? '✗' : '·');

function notes(list) {
  if (list.length === 0) return '';
  return `<ol class="steps">${list.map((n) => `<li><time>${html(n.at)}</time> <b>${html(n.title)}</b> <span class="kind">${html(n.kind)}</span> ${mark(n.pass)} ${html(n.answer)}</li>`).join('')}</ol>`;
}

/**
 * answers.html: every explain answer, grouped by exercise then by student, escaped; each
 * answer in its student's language (`lang` set on it, so a reader's browser picks the right
 * fonts) with the attempts the student made just before and after it in the same lab. A
 * static page: no script, no outside resource (a Content-Security-Policy says so too).
 */
export function toAnswersHtml(report, { title = 'Explain answers' } = {}) {
  const byExercise = new Map();
  for (const s of report.submissions) {
    for (const a of s.answers ?? []) {
      const key = `${a.lab}/${a.exercise}`;
      if (!byExercise.has(key)) byExercise.set(key, []);
      byExercise.get(key).push({ s, a });
    }
  }
  const sections = [...byExercise].sort(([a], [b]) => a.localeCompare(b)).map(([key, entries]) => {
    const students = entries.sort((x, y) => String(x.s.student.id).localeCompare(String(y.s.student.id)) || x.s.file.localeCompare(y.s.file)).map(({ s, a }) => `
  <article lang="${html(s.locale ?? 'en')}">
    <h3>${html(s.student.name || '—')} <span class="id">${html(s.student.id || '—')}</span> <span class="file">${html(s.file)}</span></h3>
    <p class="meta"><time>${html(a.at)}</time>${a.versions > 1 ? ` · ${a.versions} versions handed in, the last shown` : ''}</p>
    ${notes(a.before)}
    <blockquote>${html(a.text)}</blockquote>
    ${notes(a.after)}
  </article>`).join('');
    const first = entries[0].a;
    return `<section id="${html(key)}">
  <h2>${html(key)} <span class="title" lang="${html(entries[0].s.locale ?? 'en')}">${html(first.title)}</span></h2>
  <p class="count">${entries.length} answer(s)</p>${students}
</section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${html(title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
blockquote { white-space: pre-wrap; overflow-wrap: anywhere; border-left: 4px solid #888; margin: .5rem 0; padding: .25rem 1rem; background: #f6f6f6; }
.steps { color: #444; font-size: 90%; margin: .25rem 0; }
.id, .file, .kind, time, .meta, .count { color: #666; font-weight: normal; font-size: 90%; }
article { border-top: 1px solid #ddd; padding: .5rem 0; }
</style>
</head>
<body>
<h1>${html(title)}</h1>
<p>${byExercise.size} exercise(s). Each answer sits between the student's attempts just before and after it in the same lab (✓ passed, ✗ not, · read by a person).</p>
<nav><ul>${[...byExercise.keys()].sort().map((k) => `<li><a href="#${html(k)}">${html(k)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</body>
</html>
`;
}

/**
 * Gradescope's results.json for ONE submission (an autograder grades one student per run):
 * one test per exercise of the graded set, 1 point each for an automatically graded pass;
 * explain answers are worth 0 here (graded by hand in Gradescope) and say so; the feedback
 * is the test's output. Fields as Gradescope's autograder specification names them
 * (https://gradescope-autograders.readthedocs.io/en/latest/specs/).
 */
export function toGradescope(summary, { executionTime } = {}) {
  if (!summary.student) {
    return { score: 0, output: `This file could not be graded (${summary.status}): ${summary.error}`, ...(executionTime !== undefined ? { execution_time: executionTime } : {}), tests: [] };
  }
  const tests = summary.exercises.filter((r) => r.status !== 'unknown-exercise').map((r) => {
    const human = r.status === 'needs-human';
    const flags = (r.flags ?? []).map((f) => f.code).join(', ');
    const output = [r.feedback, r.answer ? `Answer: ${r.answer}` : '', flags ? `Recorded: ${flags} (reported, not scored)` : ''].filter(Boolean).join('\n');
    return {
      name: `${r.lab}/${r.exercise}`,
      score: r.status === 'pass' ? 1 : 0,
      max_score: human ? 0 : 1,
      ...(human ? {} : { status: r.status === 'pass' ? 'passed' : 'failed' }),
      output: human ? `${output}\n(Read by your instructor.)` : output,
      visibility: 'visible',
    };
  });
  const warnings = [...summary.warnings.map((w) => `${w.code}: ${w.message}`), ...(summary.notes ?? [])];
  return {
    score: tests.reduce((n, t) => n + t.score, 0),
    ...(executionTime !== undefined ? { execution_time: executionTime } : {}),
    output: [`${summary.student.name} (${summary.student.id}): ${summary.score.pass} of ${summary.score.total} exercises passed.`, ...warnings].join('\n'),
    visibility: 'visible',
    stdout_visibility: 'hidden',
    tests,
  };
}
