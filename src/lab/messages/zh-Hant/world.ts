/** 繁體中文: what the World narrates. Source: ../en/world.ts. */
import type { world as en } from '../en/world';

export const world = {
  'world.crashed': '{{node}} 在 {{point}} 崩潰；所有尚未提交的內容都遺失了。',
  'world.restarted': '{{node}} 重啟了，只帶著它已提交的內容。',
  'world.crash_armed': '下一次任何節點到達 {{point}} 時，都會在那裡崩潰。',
  'world.frame_dropped': '訊框 #{{frame}}（{{kind}}，{{from}} → {{to}}）遺失了。',
  'world.frame_duplicated': '訊框 #{{original}} 將抵達兩次：副本 #{{copy}} 正在傳輸中。',
  'world.frame_lost_node_down': '{{node}} 已停機：訊框 #{{frame}}（{{kind}}）遺失。',
  'world.frame_lost_restarted': '訊框 #{{frame}}（{{kind}}）送出後 {{node}} 重啟過：它要去的那條連線已不存在。',
  'world.link_cut': '{{a}} 與 {{b}} 之間的連結被切斷。',
  'world.link_cut_frame_lost': '連結 {{a}} – {{b}} 被切斷：訊框 #{{frame}}（{{kind}}）遺失。',
  'world.link_cut_in_flight_lost': '連結 {{a}} – {{b}} 被切斷：傳輸中的訊框 #{{frame}}（{{kind}}）遺失。',
  'world.links_restored': '所有被切斷的連結都已恢復。',
} as const satisfies Record<keyof typeof en, string>;
