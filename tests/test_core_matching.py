"""`core.matching.claim_in_order`: as many items matched as can be, and by
priority: an item left out could not join the earlier ones matched."""

from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from whitechapel.core.matching import claim_in_order

graphs = st.dictionaries(
    st.integers(0, 7), st.lists(st.sampled_from("abcdef"), max_size=4, unique=True), max_size=8
)


def _max_matching(edges: dict[int, list[str]]) -> int:
    g = nx.Graph()
    g.add_nodes_from(edges)
    g.add_edges_from((i, ("o", o)) for i, os in edges.items() for o in os)
    return len(nx.bipartite.maximum_matching(g, top_nodes=list(edges))) // 2


@given(graphs)
def test_as_many_as_a_maximum_matching_each_with_an_option_of_its_own(edges):
    matched, owner = claim_in_order(sorted(edges), edges.__getitem__)
    assert len(matched) == _max_matching(edges)
    assert sorted(owner.values()) == sorted(matched)
    assert all(o in edges[i] for o, i in owner.items())


@given(graphs)
def test_an_item_left_out_could_not_join_the_earlier_ones(edges):
    order = sorted(edges)
    matched, _ = claim_in_order(order, edges.__getitem__)
    for item in order:
        if item in matched:
            continue
        earlier = {i: edges[i] for i in matched if i < item} | {item: edges[item]}
        assert _max_matching(earlier) < len(earlier)


def test_most_stops_early_and_the_first_option_is_preferred():
    edges = {1: ["a", "b"], 2: ["a"], 3: ["c"]}
    matched, owner = claim_in_order([1, 2, 3], edges.__getitem__, most=2)
    assert matched == [1, 2] and owner == {"b": 1, "a": 2}
