/** 简体中文 feedback of the exercise checkers and the grader, namespace `feedback`. Source: ../en/feedback.ts; terms: docs/glossary.md. */
import type { feedback as en } from '../en/feedback';

export const feedback = {
  'feedback.predict_right': '正确：在第 {{step}} 步，模拟器给出 {{observe}} = {{label}}。{{explanation}}',
  'feedback.predict_wrong': '不太对：在第 {{step}} 步，模拟器给出 {{observe}} = {{label}}。{{explanation}}',
  'feedback.refusal': '第 {{step}} 步（{{action}}，第 {{index}} 个动作）被拒绝：{{error}}',
  'feedback.not_replayed': '未复现：你记录的步骤无法重放：{{refusal}}',
  'feedback.changed_switch': '{{key}} = {{value}}（练习设定为 {{expected}}）',
  'feedback.ran_with': '未复现：你运行时用的是 {{design}}。请改回来再试一次。',
  'feedback.ran_with_no_goal': '未复现：你运行时用的是 {{design}}，而且目标没有发生。请改回来再试一次。',
  'feedback.reproduced_violation': '在第 {{step}} 步复现：{{invariant}} 被破坏：{{violation}}。',
  'feedback.reproduced_observed': '在第 {{step}} 步复现：World 显示 {{observed}}。',
  'feedback.not_reproduced': '未复现：{{count}} 步之后目标仍未发生。',
  'feedback.not_reproduced_hint': '未复现：{{count}} 步之后目标仍未发生。提示：{{hint}}',
  'feedback.choose_value': '请为 {{switch}} 选择一个值。',
  'feedback.design_cannot_run': '在这个设计下场景无法运行：{{refusal}}',
  'feedback.repair_breaks': '在第 {{step}} 步 {{invariant}} 被破坏（{{rule}}）：{{violation}}。',
  'feedback.repair_unfinished': '没有不变量被破坏，但场景没有正常结束：{{path}} 是 {{actual}}，而不是 {{expected}}。',
  'feedback.repair_ok': '每一步所有不变量都成立，场景也按预期结束。',
  'feedback.search_breaks_one': '搜索攻破了这个设计：{{invariant}}（{{rule}}）在 {{steps}} 步内被破坏：{{actions}}。{{violation}}（边界：{{bounds}}）',
  'feedback.search_breaks_other': '搜索攻破了这个设计：{{invariant}}（{{rule}}）在 {{steps}} 步内被破坏：{{actions}}。{{violation}}（边界：{{bounds}}）',
  'feedback.explain_saved': '已保存（{{words}} 个词），等待老师阅读。',
  'feedback.explain_short': '请至少写 {{min}} 个词（目前 {{words}} 个）。',
  'feedback.wrong_kind': '需要 {{expected}} 类型的答案，收到的是 {{actual}}',
  'feedback.not_attempted': '未作答',
  'feedback.unknown_exercise': '没有练习 {{lab}}/{{exercise}}',
  'feedback.practice_note': ' [以第一次预测为准；之后的 {{count}} 次选择只是练习]',
} as const satisfies Record<keyof typeof en, string>;
