/** 简体中文: the app's banner. Source: ../en/flash.ts. */
import type { flash as en } from '../en/flash';

export const flash = {
  'flash.no_lab': '没有实验 {{id}}（或它加载失败）。',
  'flash.runtime_failed': '实验无法启动：{{why}}',
  'flash.pick_lab_json': '请选择一个 lab.json（也可以同时选择它的 README.md）。',
  'flash.lab_file_ok': '{{file}} 有效：它可以像其他实验一样打开。',
  'flash.lab_file_bad': '{{file}} 没有加载成功：问题见下方。',
  'flash.unknown_scenario': '这个链接指向场景 "{{id}}"，但 {{lab}} 没有这个场景；你现在在沙盒中。',
  'flash.bad_actions': '这个链接的步骤记录（actions=…）无法读取（{{why}}）；{{lab}} 改为在沙盒中打开。',
  'flash.step_out_of_range': '这个链接要求第 {{step}} 步，但它的步骤记录只有 {{total}} 步；现在显示最后一步（第 {{total}} 步）。',
  'flash.bad_switch': '这个链接设置了 {{key}}={{value}}，但它不适用（{{why}}）；使用实验的默认值。',
  'flash.did_not_work': '这一步没有成功。',
  'flash.predict_first': '请先预测：下一步会揭晓“{{title}}”的答案。先在“练习”里作出选择，再继续单步执行。',
  'flash.card_lab_missing': '没有加载实验 {{lab}}',
} as const satisfies Record<keyof typeof en, string>;
