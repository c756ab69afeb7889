/** Which way a call goes, seen from the PBX: a caller reaching it, or a phone of it dialling out. */
export type CallDirection = 'inbound' | 'outbound';
