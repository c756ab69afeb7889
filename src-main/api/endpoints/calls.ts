/** Call control, call records v1 and v2, call permissions and metadata. */
import { checkArgument, textSegment, uniqueIdSegment, idSegment } from '../arguments';
import { InvalidArgument } from '../errors';
import { t } from '../../shared/i18n';
import type { ApiRequester, CallOptions } from '../apiRequester';
import {
  ActiveCall,
  CallMetadata,
  CallPermissions,
  CallRecordV1,
  CallRecordV2,
  PhoneSelector,
  PlaceCallRequest,
  type CallControlState,
} from '../schemas';
import { confirmationOf } from './common';

export interface CallDetailOptions {
  /** Include the call's path (the PBX's default is true). */
  path?: boolean;
  /** Include the queue passage records (default false). */
  queue?: boolean;
  /** Add each tag's name and colour to its id (default false). */
  resolveTags?: boolean;
}

export interface CallsApi {
  /** The ongoing calls of the phone. Items are read leniently: only `uniqueid` and `state` are required. */
  listCalls(selector: PhoneSelector, options?: CallOptions): Promise<ActiveCall[]>;
  /** Asks the phone to dial `to`; resolves to the PBX's confirmation text. */
  placeCall(
    selector: PhoneSelector,
    to: string,
    data?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<string>;
  /** Answers, holds or resumes the phone's call; resolves to the confirmation text. */
  controlCall(selector: PhoneSelector, state: CallControlState, options?: CallOptions): Promise<string>;
  /** Hangs up the phone's active call; resolves to the confirmation text. */
  hangUp(selector: PhoneSelector, options?: CallOptions): Promise<string>;
  callDetail(uniqueid: string, detail?: CallDetailOptions, options?: CallOptions): Promise<CallRecordV1>;
  /** The beta version-2 record at `{auth_url}/api/v2.0/call/{uniqueid}`. */
  callDetailV2(uniqueid: string, detail?: { path?: boolean }, options?: CallOptions): Promise<CallRecordV2>;
}

export interface CallPermissionsApi {
  byUserId(uniqueid: string, userId: number, options?: CallOptions): Promise<CallPermissions>;
  byExternalId(uniqueid: string, externalId: string, options?: CallOptions): Promise<CallPermissions>;
  byUsername(uniqueid: string, username: string, options?: CallOptions): Promise<CallPermissions>;
}

export interface CallMetadataApi {
  get(uniqueid: string, options?: CallOptions): Promise<CallMetadata>;
  /** Differential: given keys are set, absent keys stay, a null value deletes; resolves to the result. */
  update(uniqueid: string, changes: Record<string, unknown>, options?: CallOptions): Promise<CallMetadata>;
}

function checkSelector(selector: PhoneSelector): PhoneSelector {
  const result = PhoneSelector.safeParse(selector);
  if (!result.success) {
    throw new InvalidArgument(t('pbx.phoneSelectorInvalid'));
  }
  return result.data;
}

export function callsEndpoints(api: ApiRequester): CallsApi {
  const control = async (method: 'PATCH' | 'DELETE', body: object, options?: CallOptions) =>
    confirmationOf((await api.send({ method, path: '/call', body }, options)).data);
  return {
    // GET cannot carry a body through fetch, so the selector goes into the query (the API accepts both).
    listCalls: async (selector, options) =>
      api.list(
        { method: 'GET', path: '/call', query: { ...checkSelector(selector) } },
        ActiveCall,
        'calls',
        options,
      ),
    placeCall: async (selector, to, data, options) => {
      const body = checkArgument(PlaceCallRequest, { ...checkSelector(selector), to, data }, 'call to place');
      return confirmationOf((await api.send({ method: 'POST', path: '/call', body }, options)).data);
    },
    controlCall: async (selector, state, options) =>
      control('PATCH', { ...checkSelector(selector), state }, options),
    hangUp: async (selector, options) => control('DELETE', checkSelector(selector), options),
    callDetail: async (uniqueid, detail = {}, options) =>
      api.data(
        {
          method: 'GET',
          path: `/call/${uniqueIdSegment(uniqueid)}`,
          query: { path: detail.path, queue: detail.queue, resolve_tags: detail.resolveTags },
        },
        CallRecordV1,
        'call',
        options,
      ),
    callDetailV2: async (uniqueid, detail = {}, options) =>
      api.data(
        {
          method: 'GET',
          root: 'v2',
          path: `/call/${uniqueIdSegment(uniqueid)}`,
          query: { path: detail.path },
        },
        CallRecordV2,
        'callV2',
        options,
      ),
  };
}

export function callPermissionsEndpoints(api: ApiRequester): CallPermissionsApi {
  const get = (uniqueid: string, who: string, options?: CallOptions) =>
    api.data(
      { method: 'GET', path: `/call/${uniqueIdSegment(uniqueid)}/permissions/${who}` },
      CallPermissions,
      'permissions',
      options,
    );
  return {
    byUserId: async (uniqueid, userId, options) => get(uniqueid, idSegment(userId, 'user id'), options),
    byExternalId: async (uniqueid, externalId, options) =>
      get(uniqueid, `external/${textSegment(externalId, 'external id')}`, options),
    byUsername: async (uniqueid, username, options) =>
      get(uniqueid, `username/${textSegment(username, 'user name')}`, options),
  };
}

export function callMetadataEndpoints(api: ApiRequester): CallMetadataApi {
  const path = (uniqueid: string) => `/metadata/${uniqueIdSegment(uniqueid)}`;
  return {
    get: async (uniqueid, options) =>
      api.data({ method: 'GET', path: path(uniqueid) }, CallMetadata, 'metadata', options),
    update: async (uniqueid, changes, options) =>
      api.data(
        {
          method: 'POST',
          path: path(uniqueid),
          body: checkArgument(CallMetadata, changes, 'metadata changes'),
        },
        CallMetadata,
        'metadata',
        options,
      ),
  };
}
