"""play_batch (compiled loop) and play_traced for Glory to Rome."""
import numpy as np
from numba import njit

from sim import rng
from sim.spec import AgonInputError
from strategies.glory_to_rome import choose
from .board import (MAT as MAT_OF, NK, BUILDING_NAMES, SNAKE_NAMES, ROLE_NAMES, END_NAMES, MATERIAL_NAMES,
                    END_TURN_CAP)
from .params import P_N_JACKS, P_START_JACKS, P_SITES_PER_MATERIAL, P_RULESET
from .state import (G_LEADER, G_TOMOVE, G_OVER, G_END, G_TURN, G_FL, G_SIN, G_NDEC, P0, PSZ, O_HN,
                    O_HJ, O_CLI, O_BST, O_M_LED, O_M_LTHINK, O_M_FOLLOW, O_M_THINK, O_M_ACT,
                    O_STOLEN, O_VAULT, O_BTURN)
from .actions import N_ACTIONS
from .rules.cards import deck_left, sum6
from .rules.decision import first_legal, step
from .rules.invariants import check_invariants
from .rules.scoring import final_result, score_parts
from .rules.setup import new_game

SEAT_METRICS = (
    "influence", "vault_points", "merchant_bonuses", "bonus_points", "statue_points", "wall_points",
    "hand_size", "clients", "turns_led", "leader_thinks", "follows", "thinks", "foundations",
    "buildings", "stolen",
) + tuple(f"clients_{r.lower()}" for r in ROLE_NAMES) \
  + tuple(f"actions_{r.lower()}" for r in ROLE_NAMES) \
  + tuple(f"built_{n}" for n in SNAKE_NAMES) \
  + tuple(f"vault_{m.lower()}" for m in MATERIAL_NAMES) \
  + tuple(f"built_turn_{n}" for n in SNAKE_NAMES)
N_SEAT_METRICS = 15 + 12 + 40 + 6 + 40
GAME_METRICS = ("end_condition", "deck_left", "sites_left", "first_leader", "decisions", "ended_by")
N_SEAT_INT = 15


@njit(cache=True)
def _record(s, g, p, turns, endc, dleft, sleft, fl, ndec, score, win, rank, met, ender, last):
    turns[g] = s[G_TURN]
    ender[g] = -1 if s[G_END] == END_TURN_CAP else last
    endc[g] = s[G_END]
    dleft[g] = deck_left(s)
    sleft[g] = sum6(s, G_SIN)
    fl[g] = s[G_FL]
    ndec[g] = s[G_NDEC]
    sc = np.zeros(p, np.int64)
    wn = np.zeros(p, np.float64)
    rk = np.zeros(p, np.int64)
    final_result(s, sc, wn, rk)
    parts = np.zeros(6, np.int64)
    for q in range(p):
        score[g, q] = sc[q]
        win[g, q] = wn[q]
        rank[g, q] = rk[q]
        b = P0 + q * PSZ
        score_parts(s, q, parts)
        for i in range(6):
            met[g, q, i] = parts[i]
        met[g, q, 6] = s[b + O_HN] + s[b + O_HJ]
        met[g, q, 7] = sum6(s, b + O_CLI)
        met[g, q, 8] = s[b + O_M_LED]
        met[g, q, 9] = s[b + O_M_LTHINK]
        met[g, q, 10] = s[b + O_M_FOLLOW]
        met[g, q, 11] = s[b + O_M_THINK]
        nf = 0
        nb = 0
        ns = 0
        for k in range(NK):
            st = s[b + O_BST + k]
            if st == 1:
                nf += 1
            elif st == 2:
                nb += 1
                met[g, q, N_SEAT_INT + 12 + k] = 1
                if s[b + O_STOLEN + k] != 0:
                    ns += 1
        met[g, q, 12] = nf
        met[g, q, 13] = nb
        met[g, q, 14] = ns
        for r in range(6):
            met[g, q, N_SEAT_INT + r] = s[b + O_CLI + r]
            met[g, q, N_SEAT_INT + 6 + r] = s[b + O_M_ACT + r]
            met[g, q, N_SEAT_INT + 12 + NK + r] = s[b + O_VAULT + r]
        for k in range(NK):
            met[g, q, N_SEAT_INT + 18 + NK + k] = s[b + O_BTURN + k]


@njit(cache=True)
def _play(seed, start, n, p, params, kinds, weights, check):
    turns = np.zeros(n, np.int64)
    endc = np.zeros(n, np.int64)
    dleft = np.zeros(n, np.int64)
    sleft = np.zeros(n, np.int64)
    fl = np.zeros(n, np.int64)
    ndec = np.zeros(n, np.int64)
    ender = np.zeros(n, np.int64)
    score = np.zeros((n, p), np.float64)
    win = np.zeros((n, p), np.float64)
    rank = np.zeros((n, p), np.int64)
    met = np.zeros((n, p, N_SEAT_METRICS), np.int64)
    err = np.zeros(2, np.int64)
    buf = np.zeros(N_ACTIONS, np.int32)
    for g in range(n):
        s = new_game(seed, start + g, p, params)
        pr = rng.new_stream(seed, start + g, rng.PLAYERS)
        if check:
            c = check_invariants(s)
            if c != 0:
                err[0] = c
                err[1] = start + g
                return turns, endc, dleft, sleft, fl, ndec, ender, score, win, rank, met, err
        m = first_legal(s, buf)
        me = -1
        while s[G_OVER] == 0:
            me = s[G_TOMOVE]
            kd = kinds[me]
            if kd == 0:                         # random: inline fast path
                a = buf[rng.below(pr, m)]
            else:
                a = choose(kd, s, buf, m, weights[me], pr)
            m = step(s, a, buf)
            if m == 0 and s[G_OVER] == 0:      # no decision but not over: engine bug
                err[0] = 99
                err[1] = start + g
                return turns, endc, dleft, sleft, fl, ndec, ender, score, win, rank, met, err
            if check:
                c = check_invariants(s)
                if c != 0:
                    err[0] = c
                    err[1] = start + g
                    return turns, endc, dleft, sleft, fl, ndec, ender, score, win, rank, met, err
        _record(s, g, p, turns, endc, dleft, sleft, fl, ndec, score, win, rank, met, ender, me)
    return turns, endc, dleft, sleft, fl, ndec, ender, score, win, rank, met, err


def validate(n_players, params):
    params = np.asarray(params, np.float64)
    if n_players not in (2, 3, 4, 5):
        raise AgonInputError(f"glory-to-rome is played by 2, 3, 4, 5 players, not {n_players}")
    sj = params[P_START_JACKS]
    if params[P_RULESET] == 1 and sj == 1:      # republic default: no Jack dealt
        sj = 0
    if params[P_N_JACKS] < n_players * sj:
        raise AgonInputError(
            f"n_jacks={int(params[P_N_JACKS])} must be at least n_players*start_jacks="
            f"{int(n_players * sj)}")
    if params[P_SITES_PER_MATERIAL] < n_players:
        raise AgonInputError(
            f"sites_per_material={int(params[P_SITES_PER_MATERIAL])} must be at least n_players={n_players}")
    return params


def full_weights(n_players, weights):
    """float64[p, N_WEIGHTS]: missing columns (or an empty array) take the greedy defaults."""
    from strategies.glory_to_rome import GREEDY_W, N_WEIGHTS
    w = np.asarray(weights, np.float64)
    if w.size == 0:
        w = np.zeros((n_players, 0))
    w = w.reshape(n_players, -1)
    out = np.tile(np.asarray(GREEDY_W, np.float64), (n_players, 1))
    c = min(w.shape[1], N_WEIGHTS)
    out[:, :c] = w[:, :c]
    return out


def _pack(out):
    turns, endc, dleft, sleft, fl, ndec, ender, score, win, rank, met, err = out
    if err[0] != 0:
        raise AssertionError(f"glory_to_rome invariant {int(err[0])} violated in game {int(err[1])}")
    res = {"turns": turns, "end_condition": endc, "deck_left": dleft, "sites_left": sleft,
           "first_leader": fl, "decisions": ndec, "ended_by": ender, "score": score, "win": win, "rank": rank}
    for i, name in enumerate(SEAT_METRICS):
        res[name] = met[:, :, i]
    return res


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    params = validate(n_players, params)
    kinds = np.asarray(kinds, np.int64)
    weights = full_weights(n_players, weights)
    return _pack(_play(np.int64(seed), np.int64(start), np.int64(n_games), np.int64(n_players),
                       params, kinds, weights, bool(check)))


# ------------------------------------------------------------------ traces (Python loop)
def _context(s):
    """(phase or frame kind, role, step) of the current decision, for the words of a trace."""
    from .state import G_SP, G_PHASE, FSZ, G_STACK, F_KIND, F_ROLE, F_STEP
    sp = int(s[G_SP])
    if sp == 0:
        return "phase", int(s[G_PHASE]), -1, -1
    f = G_STACK + (sp - 1) * FSZ
    return "frame", int(s[f + F_KIND]), int(s[f + F_ROLE]), int(s[f + F_STEP])


def describe_action(s, a):
    """Words for action `a` taken at the current decision of state `s` (before applying it)."""
    from .board import MATERIAL_NAMES as MN, REPUBLIC_NAMES
    from . import actions as R
    from . import state as S
    from .params import P_RULESET as _PR
    names = REPUBLIC_NAMES if int(s[S.G_PRM + _PR]) == 1 else BUILDING_NAMES
    a = int(a)
    who = f"seat {int(s[S.G_TOMOVE])}"
    where, kind, role, step = _context(s)
    lead = where == "phase" and kind in (S.PH_LEAD, S.PH_FOLLOW, S.PH_MORE)
    verb = {S.PH_LEAD: "leads", S.PH_FOLLOW: "follows", S.PH_MORE: "adds"}.get(kind, "") if lead else ""
    if a >= R.A_CRANE:
        return f"{who}: {verb} Architect with {names[a - R.A_CRANE]} (Crane)"
    if a == R.A_PASS:
        return f"{who}: pass"
    if a == R.A_THINK:
        return f"{who}: thinks"
    if a == R.A_TAKE:
        if where == "frame" and step == S.ST_G4:
            return f"{who}: takes the client into the vault (Coliseum)"
        return f"{who}: takes the demanded material from the pool"
    if a == R.A_TAKE_JACK and where == "phase":
        return f"{who}: takes a Jack from a camp (Senate)"
    simple = {R.A_DRAW: "draws", R.A_TAKE_JACK: "takes a Jack", R.A_VOMIT: "discards the hand (Vomitorium)",
              R.A_FOUNTAIN: "uses the top deck card (Fountain)", R.A_BAR: "hires the top deck card (Bar)",
              R.A_ATRIUM: "vaults the top deck card (Atrium)", R.A_STAIRWAY: "uses the Stairway"}
    if a in simple:
        return f"{who}: {simple[a]}"
    if a < R.A_JACK:
        k = names[a - R.A_CARD]
        if lead:
            return f"{who}: {verb} {ROLE_NAMES[MAT_OF[a - R.A_CARD]]} with {k}"
        if where == "phase":
            return f"{who}: petition card {k}"
        if kind == S.FK_THINK:
            return f"{who}: discards {k} (Latrine)"
        if role == 0:
            return f"{who}: {k} from hand to stockpile (Dock)"
        if role == 5:
            return f"{who}: hires {k} from hand (Aqueduct)"
        if role == 4:
            return f"{who}: vaults {k} from hand (Basilica)"
        if role == 1:
            return f"{who}: adds {k} from hand"
        if role == 3:
            return f"{who}: gives {k}"
        return f"{who}: card {k}"
    if a < R.A_PET:
        return f"{who}: {verb} {ROLE_NAMES[a - R.A_JACK]} with a Jack"
    if a < R.A_MAT:
        r, q = divmod(a - R.A_PET, 6)
        return f"{who}: {verb} {ROLE_NAMES[r]} with a petition of {MN[q]} cards"
    if a < R.A_POOLMAT:
        m = MN[a - R.A_MAT]
        if where == "phase":
            return f"{who}: {m} from camp to stockpile (Sewer)"
        text = {0: f"takes {m} from the pool", 5: f"hires {MN[a - R.A_MAT]} as a {ROLE_NAMES[a - R.A_MAT]} client",
                4: f"sells {m} to the vault", 3: f"demands {m}", 2: f"adds {m} from the stockpile"}
        return f"{who}: {text.get(role, m)}"
    if a < R.A_FIN:
        return f"{who}: adds {MN[a - R.A_POOLMAT]} from the pool (Archway)"
    if a < R.A_FOUT:
        return f"{who}: founds {names[a - R.A_FIN]} in town"
    if a < R.A_STIN:
        return f"{who}: founds {names[a - R.A_FOUT]} out of town"
    if a < R.A_STOUT:
        return f"{who}: founds Statue on a {MN[a - R.A_STIN]} site in town"
    if a < R.A_BUILD:
        return f"{who}: founds Statue on a {MN[a - R.A_STOUT]} site out of town"
    if a < R.A_TARGET:
        return f"{who}: builds on {names[a - R.A_BUILD]}"
    o, b = divmod(a - R.A_TARGET, 40)
    v = (int(s[S.G_TOMOVE]) + o + 1) % int(s[S.G_N])
    if where == "frame" and kind == S.FK_PRISON:
        return f"{who}: steals {names[b]} from seat {v} (Prison)"
    if where == "frame" and role == 3:
        return f"{who}: takes the {names[b]} foundation of seat {v} (Domus Aurea)"
    return f"{who}: makes {names[b]} of seat {v} public (Stairway)"


def _play_logged(seed, index, n_players, params, kinds, weights):
    """Python loop over one game; returns (state, [(seat, action, text, turn), ...]) with turn
    header entries (seat -1)."""
    params = validate(n_players, params)
    kinds = np.asarray(kinds, np.int64)
    weights = full_weights(n_players, weights)
    s = new_game(np.int64(seed), np.int64(index), np.int64(n_players), params)
    pr = rng.new_stream(np.int64(seed), np.int64(index), rng.PLAYERS)
    buf = np.zeros(N_ACTIONS, np.int32)
    log = []
    m = first_legal(s, buf)
    while s[G_OVER] == 0:
        me = int(s[G_TOMOVE])
        if not log or log[-1][3] != int(s[G_TURN]):
            log.append((-1, -1, f"-- turn {int(s[G_TURN])}, leader seat {int(s[G_LEADER])}, "
                                f"deck {int(deck_left(s))}", int(s[G_TURN])))
        a = int(choose(kinds[me], s, buf, m, weights[me], pr))
        log.append((me, a, describe_action(s, a), int(s[G_TURN])))
        m = step(s, a, buf)
    return s, log


def play_game_actions(seed, index, n_players, params, kinds, weights):
    """Python loop over one game; returns (state, [(seat, action, text), ...])."""
    s, log = _play_logged(seed, index, n_players, params, kinds, weights)
    return s, [(p, a, t) for p, a, t, _ in log if p >= 0]


def play_traced(seed, index, n_players, params, kinds, weights):
    s, log = _play_logged(seed, index, n_players, params, kinds, weights)
    p = n_players
    turns = np.zeros(1, np.int64); endc = np.zeros(1, np.int64); dl = np.zeros(1, np.int64)
    sl = np.zeros(1, np.int64); fl = np.zeros(1, np.int64); nd = np.zeros(1, np.int64)
    ender = np.zeros(1, np.int64)
    last = [seat for seat, a, _, _ in log if seat >= 0]
    score = np.zeros((1, p)); win = np.zeros((1, p)); rank = np.zeros((1, p), np.int64)
    met = np.zeros((1, p, N_SEAT_METRICS), np.int64)
    _record(s, 0, p, turns, endc, dl, sl, fl, nd, score, win, rank, met, ender, last[-1] if last else -1)
    res = _pack((turns, endc, dl, sl, fl, nd, ender, score, win, rank, met, np.zeros(2, np.int64)))
    lines = [f"Glory to Rome game {index} of seed {seed}, {p} players "
             f"(seat 0 = first leader, dealt as seat {int(fl[0])})"]
    lines += [text for _, _, text, _ in log]
    lines.append(f"End: {END_NAMES[int(endc[0])]} after {int(turns[0])} turns")
    for q in range(p):
        lines.append(f"Seat {q}: score {int(score[0, q])}, influence {int(res['influence'][0, q])}, "
                     f"vault {int(res['vault_points'][0, q])}, win {win[0, q]:g}")
    return lines, res
