/**
 * When a boost's grant or end is felt, in the contract's words (section 9), for every document of
 * every boost route alike: the grant or end announces the key hashes on the key change channel, so
 * each replica drops them from its key cache at once, and that cache's 5 s lifetime is the bound.
 */
export const BOOST_TAKES_EFFECT = 'takes effect on every replica within 5 s';
export const BOOST_ENDS = 'ends on every replica within 5 s';
