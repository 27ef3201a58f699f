"""Agents (bots and humans) and the one match loop everybody uses."""

from medieval.agents.base import Agent, HeuristicAgent, RandomAgent, make_agent, register_agent
from medieval.agents.match import MatchResult, play_match

__all__ = ["Agent", "HeuristicAgent", "MatchResult", "RandomAgent", "make_agent", "play_match",
           "register_agent"]
