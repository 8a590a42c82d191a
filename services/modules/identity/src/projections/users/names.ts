/** The users projection: also the read schema (views onto the live version) its reads name. */
export const USERS_PROJECTION = 'identity_users';
