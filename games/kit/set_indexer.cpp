#include "games/kit/set_indexer.hpp"

namespace rtb {

template class SetIndexer<Bitboard, 2>;

}  // namespace rtb
