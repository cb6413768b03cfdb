/** Greeting phrases by the hour they start at. */
const PERIODS: ReadonlyArray<readonly [number, string]> = [
  [0, '凌晨了，夜猫子'],
  [5, '早上好'],
  [9, '上午好'],
  [12, '中午好'],
  [14, '下午好'],
  [18, '傍晚好'],
  [20, '晚上好'],
  [22, '夜深了，早点休息'],
];

export function greetingPhrase(hour: number): string {
  let phrase = PERIODS[0][1];
  for (const [start, text] of PERIODS) if (hour >= start) phrase = text;
  return phrase;
}

export interface GreetingInput {
  hour: number;
  brand: string;
  nickName?: string | null;
  userId?: number | null;
  specialUserId?: number;
}

/** The line shown in the welcome toast: by hour, addressed to the reader or, without a name, the brand. */
export function greeting({ hour, brand, nickName, userId, specialUserId }: GreetingInput): string {
  const name = nickName?.trim();
  if (name && userId != null && userId === specialUserId) return `${greetingPhrase(hour)}，最特别的${name}，见到你真好`;
  return `${greetingPhrase(hour)}，${name || brand}`;
}
