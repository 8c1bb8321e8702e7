// The exact value of positions under a game's no-repetition rule, against
// the tablebase's (which counts a cycle as a draw): a depth-first search
// that keeps the game's path, in which a move back to a position of the path
// is not legal and a side with no legal move loses. Under the rule every
// game ends, so each value is a win or a loss.
//
// A value under the rule depends on the positions the path holds, so it is
// kept (memoised) only where no earlier position can occur again: at a
// position reached by a move that leaves its tier group (a placement, a
// capture: the solver's groups are never entered again). There the path
// starts afresh, and the value is the same on every path. Each question
// has a node budget; one whose search runs out of it is counted unsettled.
//
//   build/benchmarks/repetition_exact GAME VARIANT DIR [--nodes N] [--start]
//       [--only WIN|LOSS|DRAW] [--sample N] [--seed S] [--plain] [--check N]
//       [--proof-nodes N] [--each]
//
// The tablebase prunes the search (only drawn positions are searched, see
// main), on a graph of the group's drawn positions built once (DrawnGraph
// Search); --plain searches every move instead, by the first, slower
// search on position texts (RuleSearch), to check that pruning; --check N
// runs that search too, pruned alike, with a budget of N nodes, on each
// answer the graph search settles, and says whether any differs.
// --proof-nodes N: where the depth-first search runs out of its budget, a
// proof-number search goes on, its tree holding at most N nodes.
//
// Without --start: the positions of the tiers with nothing in hand (each
// class of symmetric positions once, weighted by its positions), each taken
// as the first position of a game; --only keeps those of one tablebase
// outcome, --sample draws N of them at random. With --start: the start.
// --each prints every position's answer, one a line.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/registry.hpp"
#include "service/game_facts.hpp"
#include "service/query_session.hpp"
#include "solver/game_concept.hpp"

namespace {

using namespace rtb;

struct OutOfNodes {};

// Which tiers share a tier group: two tiers are in one group when each can
// be reached from the other.
class TierGroups {
 public:
  template <class G>
  explicit TierGroups(const G& game) {
    const std::size_t n = game.tier_count();
    reaches_.assign(n, std::vector<bool>(n, false));
    for (std::size_t a = 0; a < n; ++a) {
      std::vector<std::size_t> stack{a};
      reaches_[a][a] = true;
      while (!stack.empty()) {
        const std::size_t t = stack.back();
        stack.pop_back();
        for (const auto next : game.tier_successors(static_cast<typename G::TierId>(t)))
          if (!reaches_[a][next]) {
            reaches_[a][next] = true;
            stack.push_back(next);
          }
      }
    }
  }
  bool same(std::size_t a, std::size_t b) const { return reaches_[a][b] && reaches_[b][a]; }
  // The group's first tier: a name for the group.
  std::size_t leader(std::size_t t) const {
    for (std::size_t a = 0; a < reaches_.size(); ++a)
      if (same(a, t)) return a;
    return t;
  }

 private:
  std::vector<std::vector<bool>> reaches_;  // [a][b]: tier b can be reached from tier a
};

template <class G>
class RuleSearch {
 public:
  // With a session, its tablebase prunes the search (see main).
  RuleSearch(const G& game, std::uint64_t budget, QuerySession* session)
      : game_(game), budget_(budget), session_(session), groups_(game) {}

  // Whether the side to move at p wins under the rule, p the first position
  // of the game; throws OutOfNodes past the budget.
  bool wins_from(const typename G::Position& p) {
    nodes_ = 0;
    return fresh_wins(p);
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool same_group(typename G::TierId a, typename G::TierId b) const { return groups_.same(a, b); }

  // A position no earlier one can come back to: the path starts here.
  bool fresh_wins(const typename G::Position& p) {
    const std::string key = game_.format(p);
    if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
    std::unordered_set<std::string> path{key};
    path.swap(path_);
    bool won;
    try {
      won = wins(p);
    } catch (const OutOfNodes&) {
      path.swap(path_);
      throw;
    }
    path.swap(path_);
    memo_.emplace(key, won);
    return won;
  }

  bool wins(const typename G::Position& p) {
    if (++nodes_ > budget_) throw OutOfNodes{};
    if (game_.is_lost(p)) return false;
    std::vector<typename G::Position> children;
    if (session_) {
      // A decisive tablebase value holds under the rule (see main): only
      // a drawn position is searched, and from it only its drawn children
      // (a decisive child of a drawn position is a loss for the mover).
      const QueryResult r = session_->query(game_.format(p));
      if (!is_draw(r.value.lower)) return is_win(r.value.lower);
      for (const MoveResult& m : r.moves)
        if (is_draw(m.value.lower)) children.push_back(game_.parse(m.position));
    } else {
      game_.for_each_move(
          p, [&](const typename G::Move&, const typename G::Position& child) { children.push_back(child); });
    }
    // A lost child ends the game at once: the winning move, whatever the path.
    for (const auto& child : children)
      if (game_.is_lost(child)) return true;
    const auto tier = game_.tier_of(p);
    for (const auto& child : children) {
      bool child_wins;
      if (!same_group(tier, game_.tier_of(child))) {
        child_wins = fresh_wins(child);
      } else {
        const std::string key = game_.format(child);
        if (!path_.insert(key).second) continue;  // the rule: a move back to the path is not legal
        child_wins = wins(child);
        path_.erase(key);
      }
      if (!child_wins) return true;
    }
    return false;  // every allowed move loses, or none is allowed
  }

  const G& game_;
  std::uint64_t budget_, nodes_ = 0;
  QuerySession* session_;
  TierGroups groups_;
  std::unordered_set<std::string> path_;
  std::unordered_map<std::string, bool> memo_;
};

// The search the tablebase prunes (see main), on integers: the drawn
// positions of a tier group are the vertices of a graph, each with its drawn
// children in the group as edges and those outside it aside. The graph is
// built from the tablebase's move lists once, as first positions reach new
// parts of it, and serves every first position in the group; the search
// keeps its path as a flag a vertex.
//
// Two things make it settle what a plain search cannot:
// - A move into another strongly connected component of the graph leaves
//   the path behind for good (no later position can reach back into it),
//   so the component's entry vertex starts afresh, like a position outside
//   the group: its value is searched once, with a budget of its own, and
//   kept.
// - A child with fewer moves of its own is tried first: a side that has run
//   out of allowed moves has lost, so those answers come soonest.
template <class G>
class DrawnGraphSearch {
 public:
  DrawnGraphSearch(const G& game, std::uint64_t budget, QuerySession& session)
      : game_(game), budget_(budget), session_(session), groups_(game) {}

  // Whether the side to move wins under the rule at p, a drawn position and
  // the first of the game; none when the search ran out of its budget. A
  // position that leaves the group is answered the same way, and kept.
  std::optional<bool> wins_from(const typename G::Position& p) {
    const Key key{game_.tier_of(p), game_.index(p)};
    if (const auto found = fresh_.find(key); found != fresh_.end()) return found->second;
    Group& group = groups_by_leader_[groups_.leader(key.first)];
    const std::uint32_t v = vertex(group, game_.format(game_.position(key.first, key.second)));
    build_from(group, v);
    const std::optional<bool> won = afresh(group, v);
    fresh_.emplace(key, won);
    return won;
  }
  std::uint64_t nodes() const { return nodes_; }
  // Where the depth-first search runs out, a proof-number search goes on,
  // its tree holding at most `nodes` nodes (0: none).
  void set_proof_budget(std::uint64_t nodes) { proof_budget_ = nodes; }
  std::uint64_t proof_nodes() const { return proof_nodes_; }
  std::size_t vertices() const {
    std::size_t n = 0;
    for (const auto& [leader, group] : groups_by_leader_) n += group.vertices.size();
    return n;
  }
  std::size_t components() const {
    std::size_t n = 0;
    for (const auto& [leader, group] : groups_by_leader_) n += group.components;
    return n;
  }
  // The vertices of the largest component: where the search is hardest.
  std::size_t largest_component() const {
    std::size_t most = 0;
    for (const auto& [leader, group] : groups_by_leader_) {
      std::map<std::uint32_t, std::size_t> sizes;
      for (const Vertex& v : group.vertices) most = std::max(most, ++sizes[v.component]);
    }
    return most;
  }

 private:
  using Key = std::pair<typename G::TierId, std::uint64_t>;  // a class of positions: tier and slot
  struct Vertex {
    std::vector<std::uint32_t> children;  // drawn, in the group
    std::vector<Key> leaving;             // drawn, outside the group
    bool built = false;
    std::uint32_t component = 0;
    std::optional<bool> entered;  // the value searched from here afresh
    bool searched_afresh = false;
  };
  struct Group {
    std::vector<Vertex> vertices;
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::string> texts;
    std::vector<char> on_path;
    std::size_t components = 0;
  };
  // A vertex on the path for as long as the search is below it, however the
  // search ends (running out of nodes throws).
  class OnPath {
   public:
    OnPath(std::vector<char>& on_path, std::uint32_t v) : on_path_(on_path), v_(v) { on_path_[v_] = 1; }
    ~OnPath() { on_path_[v_] = 0; }
    OnPath(const OnPath&) = delete;
    OnPath& operator=(const OnPath&) = delete;

   private:
    std::vector<char>& on_path_;
    std::uint32_t v_;
  };

  std::uint32_t vertex(Group& group, const std::string& text) {
    const auto [at, added] = group.ids.emplace(text, static_cast<std::uint32_t>(group.vertices.size()));
    if (added) {
      group.vertices.emplace_back();
      group.texts.push_back(text);
      group.on_path.push_back(0);
    }
    return at->second;
  }

  // Every vertex reachable from v, with its edges (children with fewer
  // moves first), and the components of the vertices it added: those built
  // before reach none of the new ones, so their components stay as they are.
  void build_from(Group& group, std::uint32_t v) {
    std::vector<std::uint32_t> stack{v}, built;
    while (!stack.empty()) {
      const std::uint32_t u = stack.back();
      stack.pop_back();
      if (group.vertices[u].built) continue;
      group.vertices[u].built = true;
      built.push_back(u);
      const std::string text = group.texts[u];
      const QueryResult r = session_.query(text);
      const auto tier = game_.tier_of(game_.parse(text));
      for (const MoveResult& m : r.moves) {
        if (!is_draw(m.value.lower)) continue;  // a decisive child of a drawn position loses for the mover
        const auto child = game_.parse(m.position);
        if (groups_.same(tier, game_.tier_of(child))) {
          const std::uint32_t c = vertex(group, m.position);
          group.vertices[u].children.push_back(c);
          stack.push_back(c);
        } else {
          group.vertices[u].leaving.push_back({game_.tier_of(child), game_.index(child)});
        }
      }
    }
    for (const std::uint32_t u : built) {
      auto& children = group.vertices[u].children;
      std::stable_sort(children.begin(), children.end(), [&](std::uint32_t a, std::uint32_t b) {
        return group.vertices[a].children.size() < group.vertices[b].children.size();
      });
    }
    if (!built.empty()) number_components(group, built);
  }

  // Tarjan's strongly connected components over the vertices just built,
  // without recursion (a component may hold thousands of vertices).
  void number_components(Group& group, const std::vector<std::uint32_t>& built) {
    constexpr std::uint32_t kUnseen = ~0u;
    std::unordered_map<std::uint32_t, std::uint32_t> index, low;
    std::vector<std::uint32_t> stack;
    std::unordered_set<std::uint32_t> on_stack, fresh(built.begin(), built.end());
    std::uint32_t next = 0;
    const auto index_of = [&](std::uint32_t u) {
      const auto it = index.find(u);
      return it == index.end() ? kUnseen : it->second;
    };
    for (const std::uint32_t root : built) {
      if (index_of(root) != kUnseen) continue;
      std::vector<std::pair<std::uint32_t, std::size_t>> frames{{root, 0}};  // vertex, next child
      index[root] = low[root] = next++;
      stack.push_back(root);
      on_stack.insert(root);
      while (!frames.empty()) {
        auto& [u, k] = frames.back();
        const auto& children = group.vertices[u].children;
        if (k < children.size()) {
          const std::uint32_t c = children[k++];
          if (!fresh.count(c)) continue;  // built before: another component already
          if (index_of(c) == kUnseen) {
            index[c] = low[c] = next++;
            stack.push_back(c);
            on_stack.insert(c);
            frames.push_back({c, 0});
          } else if (on_stack.count(c)) {
            low[u] = std::min(low[u], index[c]);
          }
          continue;
        }
        const std::uint32_t done = u;
        frames.pop_back();
        if (!frames.empty()) low[frames.back().first] = std::min(low[frames.back().first], low[done]);
        if (low[done] == index[done]) {
          const auto component = static_cast<std::uint32_t>(++group.components);
          std::uint32_t w;
          do {
            w = stack.back();
            stack.pop_back();
            on_stack.erase(w);
            group.vertices[w].component = component;
          } while (w != done);
        }
      }
    }
  }

  // The value from v with the path starting at v, searched once with a
  // budget of its own (not the caller's) and kept.
  std::optional<bool> afresh(Group& group, std::uint32_t v) {
    Vertex& vertex = group.vertices[v];
    if (vertex.searched_afresh) return vertex.entered;
    const std::uint64_t nodes_before = nodes_, caller_end = budget_end_;
    const bool outermost = depth_ == 0;
    budget_end_ = nodes_ + budget_;
    std::optional<bool> won;
    ++depth_;
    try {
      const OnPath mark(group.on_path, v);
      won = wins(group, v);
    } catch (const OutOfNodes&) {
    }
    if (!won && proof_budget_ != 0) won = proof_number_search(group, v);
    --depth_;
    if (!outermost) budget_end_ = caller_end + (nodes_ - nodes_before);
    group.vertices[v].searched_afresh = true;
    group.vertices[v].entered = won;
    return won;
  }

  bool wins(Group& group, std::uint32_t v) {
    if (++nodes_ > budget_end_) throw OutOfNodes{};
    bool unsettled = false;  // a child's value searched afresh ran out of its budget
    const auto afresh_loses = [&](std::optional<bool> child_wins) {
      if (!child_wins) unsettled = true;
      return child_wins && !*child_wins;
    };
    for (const Key& exit : group.vertices[v].leaving)
      if (afresh_loses(wins_from(game_.position(exit.first, exit.second)))) return true;
    const std::uint32_t component = group.vertices[v].component;
    for (const std::uint32_t c : group.vertices[v].children) {
      if (group.vertices[c].component != component) {
        if (afresh_loses(afresh(group, c))) return true;
        continue;
      }
      if (group.on_path[c]) continue;  // the rule: a move back to the path is not legal
      const OnPath mark(group.on_path, c);
      if (!wins(group, c)) return true;
    }
    if (unsettled) throw OutOfNodes{};
    return false;  // every allowed move loses, or none is allowed
  }

  // ---- proof numbers, for what the depth-first search left open ----
  //
  // A tree of the positions met (a position may occur in it more than once:
  // its path differs), kept in memory, grown where it is cheapest to settle
  // the root (Allis's proof-number search; descending with thresholds, as
  // Nagai's df-pn does, so each expansion does not start from the root).
  // For a node: pn, how many leaves must yet be shown won for its side to
  // move; dn, shown lost. A node's pn is the least dn among its children,
  // its dn the sum of their pn.
  static constexpr std::uint32_t kInfinite = ~0u;
  struct ProofNode {
    std::uint32_t vertex, first_child = 0, children = 0;
    std::uint32_t pn, dn;
    bool expanded = false;
  };
  static std::uint32_t saturating_sum(std::uint32_t a, std::uint32_t b) {
    return a >= kInfinite - b ? kInfinite : a + b;
  }

  std::optional<bool> proof_number_search(Group& group, std::uint32_t v) {
    // One tree for each depth of searches begun inside others, kept: a tree
    // of millions of nodes is not allocated again for each search.
    if (trees_.size() < static_cast<std::size_t>(depth_)) trees_.resize(depth_);
    std::vector<ProofNode>& tree = trees_[depth_ - 1];
    tree.assign(1, {v, 0, 0, 1, 1});
    const OnPath mark(group.on_path, v);
    const auto count = [&] { proof_nodes_ += tree.size(); };
    try {
      prove(group, tree, 0, kInfinite, kInfinite);
    } catch (const OutOfNodes&) {
      count();
      return std::nullopt;
    }
    count();
    if (tree[0].pn == 0) return true;
    if (tree[0].dn == 0) return false;
    return std::nullopt;  // waits on a value that is not known
  }

  // A new node for vertex c, its side to move having `moves` moves: a side
  // with many moves is slow to show lost.
  static ProofNode leaf(std::uint32_t c, std::size_t moves) {
    return {c, 0, 0, 1, static_cast<std::uint32_t>(std::max<std::size_t>(moves, 1))};
  }
  static ProofNode settled(std::uint32_t c, bool side_to_move_wins) {
    ProofNode n{c, 0, 0, side_to_move_wins ? 0 : kInfinite, side_to_move_wins ? kInfinite : 0};
    n.expanded = true;
    return n;
  }

  // Children of tree[at]: settled ones for moves that leave the component
  // (their values searched afresh; one not known can be neither shown won
  // nor lost) and leaves for the allowed moves in it.
  void expand(Group& group, std::vector<ProofNode>& tree, std::size_t at) {
    if (tree.size() > proof_budget_) throw OutOfNodes{};
    const std::uint32_t v = tree[at].vertex, component = group.vertices[v].component;
    std::vector<ProofNode> children;
    const auto add_afresh = [&](std::uint32_t c, std::optional<bool> child_wins) {
      if (child_wins) children.push_back(settled(c, *child_wins));
      else children.push_back({c, 0, 0, kInfinite, kInfinite});
      children.back().expanded = true;
    };
    for (const Key& exit : group.vertices[v].leaving) add_afresh(v, wins_from(game_.position(exit.first, exit.second)));
    for (const std::uint32_t c : group.vertices[v].children) {
      if (group.vertices[c].component != component) add_afresh(c, afresh(group, c));
      else if (!group.on_path[c]) children.push_back(leaf(c, group.vertices[c].children.size()));
    }
    tree[at].first_child = static_cast<std::uint32_t>(tree.size());
    tree[at].children = static_cast<std::uint32_t>(children.size());
    tree[at].expanded = true;
    tree.insert(tree.end(), children.begin(), children.end());
  }

  void total(std::vector<ProofNode>& tree, std::size_t at) {
    std::uint32_t pn = kInfinite, dn = 0;  // no child: the side to move has lost
    for (std::uint32_t k = 0; k < tree[at].children; ++k) {
      const ProofNode& c = tree[tree[at].first_child + k];
      pn = std::min(pn, c.dn);
      dn = saturating_sum(dn, c.pn);
    }
    tree[at].pn = pn;
    tree[at].dn = dn;
  }

  // Grows tree[at]'s subtree until its pn reaches th_pn or its dn th_dn.
  void prove(Group& group, std::vector<ProofNode>& tree, std::size_t at, std::uint32_t th_pn, std::uint32_t th_dn) {
    if (!tree[at].expanded) expand(group, tree, at);
    for (;;) {
      total(tree, at);
      const ProofNode& n = tree[at];
      if (n.pn >= th_pn || n.dn >= th_dn || n.pn == 0 || n.dn == 0) return;
      // The child that decides pn, and the dn its nearest rival has.
      std::size_t best = 0;
      std::uint32_t best_dn = kInfinite, second_dn = kInfinite;
      for (std::uint32_t k = 0; k < n.children; ++k) {
        const std::uint32_t d = tree[n.first_child + k].dn;
        if (d < best_dn) {
          second_dn = best_dn;
          best_dn = d;
          best = n.first_child + k;
        } else if (d < second_dn) {
          second_dn = d;
        }
      }
      const std::uint32_t child_th_dn = std::min(th_pn, saturating_sum(second_dn, 1));
      const std::uint32_t others = n.dn == kInfinite ? kInfinite : n.dn - tree[best].pn;  // the rest of our dn
      const std::uint32_t child_th_pn = th_dn == kInfinite || others == kInfinite ? kInfinite : th_dn - others;
      const OnPath mark(group.on_path, tree[best].vertex);
      prove(group, tree, best, child_th_pn, child_th_dn);
    }
  }

  const G& game_;
  std::uint64_t budget_, nodes_ = 0, budget_end_ = 0;
  std::uint64_t proof_budget_ = 0;  // nodes a proof-number tree may hold; 0: none
  std::uint64_t proof_nodes_ = 0;
  std::deque<std::vector<ProofNode>> trees_;  // a deque: a deeper search adds one and the others stay where they are
  int depth_ = 0;                             // searches begun afresh inside others
  QuerySession& session_;
  TierGroups groups_;
  std::map<std::size_t, Group> groups_by_leader_;
  std::map<Key, std::optional<bool>> fresh_;
};

// "WIN", "LOSS" or "DRAW": the tablebase's outcome for the side to move.
std::string tablebase_outcome(QuerySession& session, const std::string& position) {
  return outcome_name(outcome_of(session.query(position).value.lower));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: repetition_exact GAME VARIANT DIR [--nodes N] [--start] [--only WIN|LOSS|DRAW] [--sample N]"
                 " [--seed S] [--plain] [--check N] [--proof-nodes N] [--each]\n";
    return 2;
  }
  const GameChoice choice{argv[1], argv[2]};
  const std::string dir = argv[3];
  std::uint64_t budget = 10'000'000, sample = 0, seed = 1;
  std::string only;
  std::uint64_t check_budget = 0, proof_budget = 0;
  bool start_only = false, plain = false, each = false;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--nodes" && i + 1 < argc) budget = std::stoull(argv[++i]);
    else if (a == "--start") start_only = true;
    else if (a == "--plain") plain = true;
    else if (a == "--each") each = true;
    else if (a == "--check" && i + 1 < argc) check_budget = std::stoull(argv[++i]);
    else if (a == "--proof-nodes" && i + 1 < argc) proof_budget = std::stoull(argv[++i]);
    else if (a == "--only" && i + 1 < argc) only = argv[++i];
    else if (a == "--sample" && i + 1 < argc) sample = std::stoull(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = std::stoull(argv[++i]);
    else {
      std::cerr << "unknown option " << a << "\n";
      return 2;
    }
  }
  SearchLimits limits;
  limits.seconds = 0;
  QuerySession session(choice, dir, limits);
  return with_game(choice, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    // The tablebase prunes the search unless --plain: a position whose
    // tablebase value is a win in d plies keeps it under the rule, whatever
    // the path before it, because the winner's moves that shorten the
    // distance give every later position a distance of its own (so none
    // repeats, and none is a position of the path before, which were drawn
    // or had longer distances), while the rule only takes moves from the
    // loser. So only drawn positions and their drawn moves are searched:
    // the side to move loses when no drawn move it has is allowed.
    RuleSearch<G> plain_search(game, budget, nullptr);
    RuleSearch<G> check_search(game, check_budget, &session);
    DrawnGraphSearch<G> search(game, budget, session);
    search.set_proof_budget(proof_budget);
    // (tablebase outcome, outcome under the rule) -> positions, classes
    std::map<std::pair<std::string, std::string>, std::pair<std::uint64_t, std::uint64_t>> table;
    std::uint64_t nodes = 0, checked = 0;
    bool differs = false;
    const auto judge = [&](const typename G::Position& p, std::uint64_t weight) {
      const std::string text = game.format(p);
      const std::string tablebase = tablebase_outcome(session, text);
      if (!only.empty() && tablebase != only) return;
      std::optional<bool> won;
      std::uint64_t searched = 0;
      if (plain) {
        try {
          won = plain_search.wins_from(p);
        } catch (const OutOfNodes&) {
        }
        searched = plain_search.nodes();
      } else if (tablebase != "DRAW") {
        won = tablebase == "WIN";
      } else {
        const std::uint64_t before = search.nodes();
        won = search.wins_from(p);
        searched = search.nodes() - before;
        if (check_budget != 0 && won) {
          try {
            if (check_search.wins_from(p) != *won) {
              std::cerr << text << ": the graph search says " << (*won ? "WIN" : "LOSS")
                        << ", the search on texts the opposite\n";
              differs = true;
            }
            ++checked;
          } catch (const OutOfNodes&) {
          }
        }
      }
      nodes += searched;
      const std::string rule = won ? (*won ? "WIN" : "LOSS") : "unsettled";
      auto& cell = table[{tablebase + " | " + side_to_move_letter(text), rule}];
      cell.first += weight;
      cell.second += 1;
      if (start_only || each)
        std::cout << text << ": tablebase " << tablebase << ", under the rule " << rule << " (" << searched
                  << " nodes)\n";
    };
    const auto began = std::chrono::steady_clock::now();
    if (start_only) {
      judge(game.start(), 1);
    } else {
      std::vector<std::pair<typename G::TierId, std::uint64_t>> slots;
      for (typename G::TierId t = 0; t < game.tier_count(); ++t) {
        if constexpr (CountsPiecesInHand<G>) {
          if (game.pieces_in_hand(t) != 0) continue;
        }
        for (std::uint64_t i = 0; i < game.tier_size(t); ++i)
          if (game.slot_weight(t, i) != 0 && !game.is_lost(game.position(t, i))) slots.push_back({t, i});
      }
      if (sample != 0 && sample < slots.size()) {
        std::mt19937_64 random(seed);
        std::shuffle(slots.begin(), slots.end(), random);
        slots.resize(sample);
      }
      for (const auto& [t, i] : slots) judge(game.position(t, i), game.slot_weight(t, i));
    }
    std::cout << game.name() << " (" << game.variant() << "), each position the first of a game"
              << (only.empty() ? "" : ", tablebase " + only + " only")
              << (sample ? ", a sample of " + std::to_string(sample) : "") << "; search budget " << budget
              << " nodes a position, " << nodes << " nodes in all, "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() << " s"
              << (proof_budget ? ", " + std::to_string(search.proof_nodes()) + " in proof-number trees" : "")
              << (plain ? ""
                        : ", " + std::to_string(search.vertices()) + " drawn positions in the graphs, " +
                              std::to_string(search.components()) + " components, the largest of " +
                              std::to_string(search.largest_component()))
              << "\n";
    if (check_budget != 0)
      std::cout << checked << " answers checked by the search on texts (" << check_budget << " nodes each)"
                << (differs ? ", and some DIFFER" : ", all the same") << "\n";
    std::cout
        << "| tablebase | side to move | under the rule | positions | classes |\n| --- | --- | --- | ---: | ---: |\n";
    for (const auto& [key, count] : table)
      std::cout << "| " << key.first << " | " << key.second << " | " << count.first << " | " << count.second << " |\n";
    return differs ? 1 : 0;
  });
}
