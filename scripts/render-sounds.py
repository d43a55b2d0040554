#!/usr/bin/env python3
"""Renders the game's sound effects as WAV files (16-bit mono PCM, 44.1 kHz).

    python3 scripts/render-sounds.py [OUTPUT_DIR]      (default assets/sounds)

Every sound is designed here, from first principles: modal synthesis (sums
of exponentially decaying sinusoids excited by a short contact pulse or
noise burst) for wood, metal and bells; filtered noise for air, cloth,
paper and debris; a few plain oscillators for the tones. Python's standard
library only, so anyone can rerun it, and byte-for-byte reproducible: every
sound draws its noise from its own seeded generator and WAV files carry no
time stamps.

After rendering, every sound is loudness-matched: the RMS of its loudest
100 ms window, measured after a K-weighting-like filter (a 100 Hz
high-pass and a +4 dB shelf above ~1.5 kHz), is set to TARGET_DB plus the
sound's offset in SOUNDS; then, if its true peak (4x oversampled) is above
PEAK_CEILING_DB, the whole sound is turned down to it and the table says
by how much. A 2 ms fade-in and 10 ms fade-out keep the ends click-free.
A maintainer's tool, not part of the build: run it after changing a sound
and commit the WAV files it writes.
"""
import array
import math
import os
import random
import sys
import wave

RATE = 44_100
TAU = 2.0 * math.pi
TARGET_DB = -18.0  # loudness of the loudest 100 ms, K-weighted RMS, dBFS
PEAK_CEILING_DB = -1.0  # true peak, dBFS
FADE_IN = 0.002
FADE_OUT = 0.010


# ---------------------------------------------------------------- building blocks


def n_of(sec):
    return int(round(sec * RATE))


def silence(sec):
    return [0.0] * n_of(sec)


def mix(dst, src, at=0.0, gain=1.0):
    """Adds src into dst starting at `at` seconds (cut at dst's end)."""
    o = n_of(at)
    for i in range(min(len(src), len(dst) - o)):
        dst[o + i] += gain * src[i]
    return dst


def mul(a, b):
    return [x * y for x, y in zip(a, b)]


def noise(rng, sec):
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n_of(sec))]


def shape(sec, points):
    """An envelope through (time, level) points, raised-cosine between them."""
    out = []
    j = 0
    for i in range(n_of(sec)):
        t = i / RATE
        while j + 1 < len(points) and t >= points[j + 1][0]:
            j += 1
        if j + 1 >= len(points):
            out.append(points[-1][1])
            continue
        (t0, v0), (t1, v1) = points[j], points[j + 1]
        x = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
        out.append(v0 + (v1 - v0) * (0.5 - 0.5 * math.cos(math.pi * x)))
    return out


def decay(sec, tau, attack=0.0):
    """A raised-cosine attack, then an exponential decay with time constant tau."""
    out = []
    for i in range(n_of(sec)):
        t = i / RATE
        if t < attack:
            out.append(0.5 - 0.5 * math.cos(math.pi * t / attack))
        else:
            out.append(math.exp(-(t - attack) / tau))
    return out


def glide(f0, f1, sec):
    """A frequency going exponentially from f0 to f1 over sec seconds, then staying."""
    return lambda t: f0 * (f1 / f0) ** min(t / sec, 1.0)


def pulse(width):
    """A half-sine contact pulse of unit area: the strike that excites the modes.
    Shorter means a harder contact and brighter modes."""
    n = max(2, n_of(width))
    p = [math.sin(math.pi * (i + 0.5) / n) for i in range(n)]
    s = sum(p)
    return [v / s for v in p]


def burst(rng, sec, tau):
    """A noise burst decaying with time constant tau."""
    return mul(noise(rng, sec), decay(sec, tau))


def modal(excite, modes, sec=None):
    """Drives parallel two-pole resonators with `excite`. modes: (Hz, tau, amplitude);
    a unit-area impulse rings each mode at its amplitude, decaying with time constant tau."""
    n = n_of(sec) if sec is not None else len(excite)
    x = excite + [0.0] * (n - len(excite))
    out = [0.0] * n
    for f, tau, amp in modes:
        w = TAU * f / RATE
        r = math.exp(-1.0 / (tau * RATE))
        a1, a2, g = 2.0 * r * math.cos(w), -r * r, amp * math.sin(w)
        y1 = y2 = 0.0
        for i in range(n):
            y = a1 * y1 + a2 * y2 + g * x[i]
            out[i] += y
            y2, y1 = y1, y
    return out


def detune(rng, modes, spread=0.02):
    return [(f * (1.0 + rng.uniform(-spread, spread)), tau, a) for f, tau, a in modes]


def partials(sec, f0, parts, tau, attack=0.001):
    """A struck tone: sum of sinusoids at f0*ratio, each decaying with tau*tau_scale.
    parts: (ratio, amplitude, tau_scale)."""
    out = [0.0] * n_of(sec)
    for ratio, amp, ts in parts:
        f = f0 * ratio
        if f >= RATE * 0.45:
            continue
        w, k = TAU * f / RATE, math.exp(-1.0 / (tau * ts * RATE))
        e = amp
        for i in range(len(out)):
            out[i] += e * math.sin(w * i)
            e *= k
    if attack > 0:
        out = mul(out, decay(sec, 1e9, attack))
    return out


def osc(sec, freq, harmonics=((1, 1.0),), limit=None):
    """An oscillator whose frequency freq(t) may move; harmonics: (number, amplitude),
    those above `limit` Hz (default: near Nyquist) left out as they come."""
    limit = limit or RATE * 0.45
    out = []
    ph = 0.0
    for i in range(n_of(sec)):
        f = freq(i / RATE)
        out.append(sum(a * math.sin(k * ph) for k, a in harmonics if k * f < limit))
        ph += TAU * f / RATE
    return out


def lowpass1(x, fc):
    a = math.exp(-TAU * fc / RATE)
    y, out = 0.0, []
    for v in x:
        y = (1.0 - a) * v + a * y
        out.append(y)
    return out


def highpass1(x, fc):
    return [v - l for v, l in zip(x, lowpass1(x, fc))]


def biquad(x, c):
    b0, b1, b2, a1, a2 = c
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def rbj(kind, f, q=0.7071, gain_db=0.0):
    """Biquad coefficients from the Audio EQ Cookbook (R. Bristow-Johnson)."""
    w = TAU * f / RATE
    cw, sw = math.cos(w), math.sin(w)
    alpha = sw / (2.0 * q)
    if kind == "lowpass":
        b = [(1 - cw) / 2, 1 - cw, (1 - cw) / 2]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "highpass":
        b = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "bandpass":  # 0 dB at the centre
        b = [alpha, 0.0, -alpha]
        a = [1 + alpha, -2 * cw, 1 - alpha]
    elif kind == "highshelf":  # shelf slope 1
        A = 10 ** (gain_db / 40)
        al = sw / 2 * math.sqrt(2)
        sa = 2 * math.sqrt(A) * al
        b = [A * ((A + 1) + (A - 1) * cw + sa), -2 * A * ((A - 1) + (A + 1) * cw),
             A * ((A + 1) + (A - 1) * cw - sa)]
        a = [(A + 1) - (A - 1) * cw + sa, 2 * ((A - 1) - (A + 1) * cw), (A + 1) - (A - 1) * cw - sa]
    else:
        raise ValueError(kind)
    return (b[0] / a[0], b[1] / a[0], b[2] / a[0], a[1] / a[0], a[2] / a[0])


def svf(x, freq, q=0.7071, mode="bp"):
    """A state-variable filter (topology-preserving, after Zavalishin) whose cutoff
    freq(t) may move, updated every 16 samples. mode: lp, bp (0 dB at the centre), hp."""
    k = 1.0 / q
    ic1 = ic2 = 0.0
    out = []
    a1 = a2 = a3 = 0.0
    for i, v0 in enumerate(x):
        if i % 16 == 0:
            g = math.tan(math.pi * min(freq(i / RATE), RATE * 0.45) / RATE)
            a1 = 1.0 / (1.0 + g * (g + k))
            a2, a3 = g * a1, g * g * a1
        v3 = v0 - ic2
        v1 = a1 * ic1 + a2 * v3
        v2 = ic2 + a2 * ic1 + a3 * v3
        ic1, ic2 = 2.0 * v1 - ic1, 2.0 * v2 - ic2
        out.append(v2 if mode == "lp" else k * v1 if mode == "bp" else v0 - k * v1 - v2)
    return out


def echoes(x, taps, sec=None):
    """x plus delayed, low-passed copies: taps (delay s, gain, low-pass Hz)."""
    out = x + [0.0] * max(0, n_of(sec) - len(x)) if sec else list(x)
    for d, g, fc in taps:
        mix(out, lowpass1(x, fc), d, g)
    return out


# Wooden board under a piece: a few inharmonic plate modes, higher ones dying sooner.
BOARD = [(168, 0.040, 1.0), (297, 0.032, 0.8), (441, 0.026, 0.62), (612, 0.020, 0.48),
         (771, 0.016, 0.34), (893, 0.012, 0.26)]
# The piece itself: a small hard boxwood body, high and short.
PIECE = [(1530, 0.007, 0.16), (2380, 0.005, 0.10), (3310, 0.004, 0.06)]
# A small bell: hand-bell partial ratios (inharmonic), higher ones shorter.
BELL = [(1.0, 1.0, 1.0), (2.32, 0.45, 0.55), (4.25, 0.22, 0.32), (6.63, 0.10, 0.18)]
# A chime: mostly harmonic, with a faint inharmonic shimmer.
CHIME = [(1.0, 1.0, 1.0), (2.0, 0.32, 0.6), (3.0, 0.10, 0.4), (2.76, 0.05, 0.5)]


def knock(rng, sec, contact, modes, click, bounce=0.0):
    """A body set down on wood: a contact pulse (and maybe a small bounce) through
    the modes, plus a brief high click of the contact itself."""
    exc = pulse(contact)
    if bounce:
        exc = mix(exc + [0.0] * n_of(0.012), pulse(contact * 1.3), 0.0095, bounce)
    out = modal(exc, detune(rng, modes), sec)
    tick = highpass1(highpass1(burst(rng, 0.006, 0.0008), 2500), 2500)
    return mix(out, tick, 0.0, click)


# ---------------------------------------------------------------- the sounds


def s_move(rng):
    # A wooden piece set down on a wooden board, rocking once on its base.
    return knock(rng, 0.15, 0.0008, BOARD + PIECE, 0.35, bounce=0.22)


def s_capture(rng):
    out = silence(0.2)
    # The capturing piece strikes the captured one: two small hard bodies, bright.
    clack = modal(pulse(0.0003), detune(rng, [
        (640, 0.020, 0.35), (1180, 0.016, 1.0), (1730, 0.013, 0.8), (2650, 0.009, 0.6),
        (3420, 0.007, 0.4), (4700, 0.005, 0.25)]), 0.1)
    mix(clack, highpass1(burst(rng, 0.004, 0.0006), 3000), 0.0, 0.7)
    mix(out, clack, 0.0, 1.7)
    # Then set down hard, 60 ms later.
    down = knock(rng, 0.14, 0.0005, [(f, tau * 0.9, a) for f, tau, a in BOARD] + PIECE, 0.6)
    return mix(out, down, 0.062, 0.8)


def s_blast(rng):
    sec = 1.2
    out = silence(sec)
    # The crack: an N-shaped pressure wave and a bright noise burst.
    nw = n_of(0.003)
    crack = [math.sin(TAU * i / nw) * math.exp(-i / (0.001 * RATE)) for i in range(nw)]
    mix(crack, highpass1(burst(rng, 0.06, 0.007), 500), 0.0, 0.9)
    mix(out, crack, 0.0, 1.5)
    # The boom: a sine falling from 80 to 40 Hz, saturated so small speakers hear its
    # harmonics, under low-passed noise whose cutoff falls too.
    boom = osc(sec, lambda t: 40.0 + 40.0 * math.exp(-t / 0.12))
    boom = [math.tanh(2.2 * v) / math.tanh(2.2) for v in mul(boom, decay(sec, 0.38, 0.004))]
    mix(out, boom, 0.0, 0.9)
    rumble = svf(noise(rng, sec), lambda t: 110.0 + 900.0 * math.exp(-t / 0.07), 0.8, "lp")
    rumble = svf(rumble, lambda t: 110.0 + 900.0 * math.exp(-t / 0.07), 0.6, "lp")
    mix(out, mul(rumble, decay(sec, 0.30, 0.003)), 0.0, 1.6)
    # The debris: sparse grit and clods coming down, thinning out.
    t = 0.05
    while t < sec - 0.05:
        level = math.exp(-(t - 0.05) / 0.32)
        if rng.random() < 0.7:  # grit: a tiny hard grain
            f, tau = rng.uniform(1500, 5500), rng.uniform(0.0012, 0.004)
            amp = 0.18
        else:  # a clod: a dull low knock
            f, tau = rng.uniform(250, 700), rng.uniform(0.006, 0.014)
            amp = 0.35
        g = modal(pulse(0.0002 if f > 1000 else 0.001), [(f, tau, 1.0)], 6 * tau)
        mix(out, g, t, amp * level * rng.uniform(0.3, 1.0) * (1 if rng.random() < 0.5 else -1))
        t += rng.expovariate(1.0 / (0.008 + 0.07 * (t - 0.05)))
    return mul(out, shape(sec, [(0.0, 1.0), (0.8, 1.0), (sec, 0.0)]))


def brush(rng, sec, f0, f1, sweep, q, peak_at):
    """A soft brush stroke: noise through a band-pass sweeping f0 -> f1."""
    b = svf(noise(rng, sec), glide(f0, f1, sweep), q)
    return mul(b, shape(sec, [(0.0, 0.0), (peak_at, 1.0), (sec, 0.0)]))


def s_sweep(rng):
    out = silence(0.4)
    # A metallic snip: two small blades closing, twice in quick succession.
    blades = detune(rng, [(2870, 0.020, 1.0), (4130, 0.014, 0.8), (5960, 0.010, 0.55),
                          (7710, 0.007, 0.35)], 0.01)
    exc = mix(highpass1(burst(rng, 0.03, 0.0004), 1500), highpass1(burst(rng, 0.01, 0.0003), 1500), 0.016, 0.6)
    snip = modal(exc, blades, 0.08)
    mix(out, snip, 0.0, 3.0)
    # Then the mine brushed away: airy band-passed noise sweeping up.
    return mix(out, brush(rng, 0.37, 1300, 4800, 0.3, 1.2, 0.11), 0.03, 1.0)


def s_royal_sweep(rng):
    out = silence(0.45)
    # A low, soft touch of bronze: a gentle tick with a quiet bell under it.
    touch = modal(pulse(0.0012), detune(rng, [(1240, 0.05, 1.0), (1870, 0.035, 0.5),
                                              (2690, 0.02, 0.3)], 0.01), 0.2)
    mix(out, touch, 0.0, 1.0)
    mix(out, partials(0.42, 392.0, BELL, 0.22, 0.004), 0.0, 0.22)
    # A slower, lower brush.
    return mix(out, brush(rng, 0.42, 600, 1900, 0.35, 1.0, 0.17), 0.02, 0.5)


def s_fog(rng):
    sec = 0.6
    n = noise(rng, sec)
    air = svf(n, glide(350, 2600, sec), 1.2)
    hiss = svf(n, glide(600, 4800, sec), 2.0)
    out = [a + 0.35 * h for a, h in zip(air, hiss)]
    return mul(out, shape(sec, [(0.0, 0.0), (0.27, 1.0), (sec, 0.0)]))


def s_check(rng):
    out = silence(0.35)
    for at, f in ((0.0, 987.8), (0.11, 1318.5)):  # B5 then E6
        tone = partials(0.35 - at, f, BELL, 0.10, 0.0008)
        mix(tone, highpass1(burst(rng, 0.003, 0.0004), 3000), 0.0, 0.15)
        mix(out, tone, at, 1.0)
    return out


def s_game_start(rng):
    out = silence(0.6)
    notes = (523.25, 659.25, 783.99, 1046.5)  # C5 E5 G5 C6
    for i, f in enumerate(notes):
        at = 0.075 * i
        tau = 0.30 if i == len(notes) - 1 else 0.16
        mix(out, partials(0.6 - at, f, CHIME, tau, 0.002), at, 0.7 + 0.1 * i)
    return mul(out, shape(0.6, [(0.0, 1.0), (0.45, 1.0), (0.6, 0.0)]))


def s_game_end(rng):
    sec = 0.9
    out = silence(sec)
    # A dominant chord, then the tonic: G4 B4 D5 -> C5 E5 G5 C6, each slightly rolled.
    for i, f in enumerate((392.0, 493.88, 587.33)):
        mix(out, partials(0.4, f, CHIME, 0.16, 0.002), 0.018 * i, 0.55)
    for i, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        mix(out, partials(sec - 0.24, f, CHIME, 0.34, 0.002), 0.24 + 0.022 * i, 0.6)
    return mul(out, shape(sec, [(0.0, 1.0), (0.62, 1.0), (sec, 0.0)]))


def s_low_time(rng):
    # A soft high beep with a woody tick at its start: clear, not shrill.
    sec = 0.12
    beep = osc(sec, lambda t: 1568.0, ((1, 1.0), (2, 0.22), (3, 0.05)))
    out = mul(beep, shape(sec, [(0.0, 0.0), (0.003, 1.0), (0.03, 0.8), (sec, 0.0)]))
    tick = modal(pulse(0.0004), [(2500, 0.003, 1.0), (3700, 0.002, 0.6)], 0.02)
    return mix(out, tick, 0.0, 4.0)


def s_illegal(rng):
    sec = 0.18
    # A low soft buzz falling a little ("nope"), darkened, over a dull thud.
    buzz = osc(sec, glide(150, 118, sec), ((1, 1.0), (2, 0.25), (3, 0.45), (5, 0.22), (7, 0.1)))
    buzz = lowpass1(lowpass1(buzz, 900), 1400)
    out = mul(buzz, shape(sec, [(0.0, 0.0), (0.008, 1.0), (0.07, 0.7), (sec, 0.0)]))
    thud = modal(pulse(0.003), [(110, 0.04, 1.0), (190, 0.025, 0.5)], sec)
    return mix(out, thud, 0.0, 3.0)


def s_click(rng):
    # A small, dry, bright tick, like a hard plastic switch.
    out = modal(pulse(0.00015), detune(rng, [(2350, 0.004, 1.0), (3720, 0.003, 0.7),
                                             (5200, 0.002, 0.5)], 0.01), 0.04)
    return mix(out, highpass1(burst(rng, 0.002, 0.0003), 4000), 0.0, 0.5)


def s_card(rng):
    sec = 0.18
    out = silence(sec)
    # The card's air as it lands...
    swish = svf(noise(rng, 0.03), glide(2000, 5000, 0.03), 0.9)
    mix(out, mul(swish, shape(0.03, [(0.0, 0.0), (0.028, 1.0), (0.03, 0.6)])), 0.0, 0.12)
    # ...the paper slap: a bright papery burst plus a puff of low air...
    slap = svf(burst(rng, 0.06, 0.007), lambda t: 1800, 0.7)
    mix(slap, lowpass1(lowpass1(burst(rng, 0.08, 0.014), 450), 450), 0.0, 1.2)
    mix(out, slap, 0.025, 1.0)
    # ...and the soft tick of its edge on the wooden board.
    tick = knock(rng, 0.12, 0.0006, [(1900, 0.006, 1.0), (3100, 0.004, 0.6)] + BOARD[:3], 0.1)
    return mix(out, tick, 0.033, 0.3)


def s_sensor(rng):
    sec = 0.25
    # An electronic blip that chirps up into a soft ping, with two faint echoes.
    blip = osc(0.13, lambda t: 1320.0 - 440.0 * math.exp(-t / 0.006), ((1, 1.0), (3, 0.12)))
    blip = mul(blip, decay(0.13, 0.035, 0.003))
    return echoes(blip, [(0.07, 0.32, 3000), (0.14, 0.11, 2000)], sec)


def s_wrong_digit(rng):
    out = silence(0.3)
    # Two dull buzzy notes going down: E4 then B3, a little detuned against themselves.
    for at, f, length in ((0.0, 329.63, 0.13), (0.15, 246.94, 0.15)):
        saw = [(k, 1.0 / k) for k in range(1, 12)]
        a = osc(length, lambda t: f * 1.004, saw, 3500)
        b = osc(length, lambda t: f * 0.996, saw, 3500)
        note = lowpass1(lowpass1([x + y for x, y in zip(a, b)], 1100), 1800)
        note = mul(note, shape(length, [(0.0, 0.0), (0.006, 1.0), (length - 0.03, 0.8), (length, 0.0)]))
        mix(out, note, at, 1.0)
    return out


def s_life_lost(rng):
    sec = 0.7
    out = silence(sec)
    # A mellow tone falling a fifth, with a slow tremble coming in...
    def freq(t):
        vib = 1.0 + 0.006 * min(1.0, max(0.0, (t - 0.12) / 0.2)) * math.sin(TAU * 5.5 * t)
        return 523.25 * (0.667 ** min(t / 0.55, 1.0)) * vib
    tone = osc(sec, freq, ((1, 1.0), (2, 0.3), (3, 0.12)))
    mix(out, mul(tone, shape(sec, [(0.0, 0.0), (0.015, 1.0), (0.25, 0.75), (sec, 0.0)])), 0.0, 1.0)
    # ...and a little crackle, growing then dying with it.
    for _ in range(40):
        t = 0.05 + 0.6 * rng.random() ** 0.8
        level = math.sin(math.pi * (t - 0.05) / 0.6) * rng.uniform(0.2, 1.0)
        mix(out, highpass1(burst(rng, 0.002, 0.0003), 1500), t, 0.35 * level)
    return out


def s_wipe(rng):
    sec = 1.0
    n = noise(rng, sec)
    # A long whoosh sweeping up across the board and settling...
    air = svf(n, lambda t: 250.0 * (14.0 ** math.sin(math.pi * 0.5 * min(t / 0.7, 1.0))), 0.9)
    hiss = svf(n, lambda t: 400.0 * (12.0 ** min(t / 0.7, 1.0)), 2.0)
    out = mul([a + 0.3 * h for a, h in zip(air, hiss)], shape(sec, [(0.0, 0.0), (0.48, 1.0), (sec, 0.0)]))
    # ...over a low undertone, with enough of its octave for small speakers.
    under = osc(sec, glide(66, 52, sec), ((1, 1.0), (2, 0.45), (3, 0.12)))
    return mix(out, mul(under, shape(sec, [(0.0, 0.0), (0.35, 1.0), (sec, 0.0)])), 0.0, 0.3)


def s_probe(rng):
    sec = 0.3
    # A sonar ping: a pure tone with a slight chorus, then two echoes from afar.
    ping = osc(0.2, lambda t: 1450.0)
    ping2 = osc(0.2, lambda t: 1454.5)
    ping = mul([a + 0.5 * b for a, b in zip(ping, ping2)], decay(0.2, 0.045, 0.0015))
    return echoes(ping, [(0.085, 0.30, 2500), (0.17, 0.12, 1800)], sec)


def s_flag(rng):
    out = silence(0.15)
    # The pole planted: a soft, low thump...
    thump = modal(pulse(0.0025), detune(rng, [(140, 0.03, 1.0), (230, 0.02, 0.6), (390, 0.012, 0.3)]), 0.12)
    mix(out, thump, 0.0, 0.8)
    # ...and the cloth flapping: three quick puffs of band-passed noise, fading.
    for at, g in ((0.010, 1.0), (0.038, 0.75), (0.064, 0.45)):
        puff = svf(mul(noise(rng, 0.05), decay(0.05, 0.010, 0.004)), lambda t: 1200, 0.8)
        mix(out, puff, at, g)
    return out


# name, renderer, loudness offset from TARGET_DB (dB): the quieter-by-design sounds.
SOUNDS = [
    ("move", s_move, 0.0),
    ("capture", s_capture, 0.0),
    ("blast", s_blast, 0.0),
    ("sweep", s_sweep, 0.0),
    ("royal-sweep", s_royal_sweep, -2.0),
    ("fog", s_fog, -3.0),
    ("check", s_check, 0.0),
    ("game-start", s_game_start, 0.0),
    ("game-end", s_game_end, 0.0),
    ("low-time", s_low_time, -3.0),
    ("illegal", s_illegal, -1.0),
    ("click", s_click, -6.0),
    ("card", s_card, 0.0),
    ("sensor", s_sensor, -1.0),
    ("wrong-digit", s_wrong_digit, 0.0),
    ("life-lost", s_life_lost, 0.0),
    ("wipe", s_wipe, 0.0),
    ("probe", s_probe, 0.0),
    ("flag", s_flag, 0.0),
]


# ---------------------------------------------------------------- measuring, finishing


def db(v):
    return 20.0 * math.log10(v) if v > 0 else -math.inf


K_FILTERS = (rbj("highpass", 100.0, 0.5), rbj("highshelf", 1500.0, gain_db=4.0))


def loudness(x):
    """RMS (dBFS) of the loudest 100 ms window after a K-weighting-like filter.
    Sounds shorter than the window count as padded with silence."""
    for c in K_FILTERS:
        x = biquad(x, c)
    sq = [v * v for v in x]
    w = n_of(0.1)
    s = sum(sq[:w])
    best = s
    for i in range(w, len(sq)):
        s += sq[i] - sq[i - w]
        best = max(best, s)
    return 10.0 * math.log10(max(best, 1e-20) / w)


def _interp_taps(half=8, over=4):
    """Blackman-windowed sinc taps for each fractional position p/over."""
    taps = []
    for p in range(1, over):
        row = []
        for j in range(-half + 1, half + 1):
            d = p / over - j  # distance from sample n+j
            win = 0.42 + 0.5 * math.cos(math.pi * d / half) + 0.08 * math.cos(2 * math.pi * d / half)
            row.append((j, math.sin(math.pi * d) / (math.pi * d) * win))
        taps.append(row)
    return taps


INTERP = _interp_taps()


def true_peak(x):
    """Peak of x 4x oversampled, looking between samples only where it could matter."""
    peak = max(abs(v) for v in x)
    n = len(x)
    for i in range(n - 1):
        if max(abs(x[i]), abs(x[i + 1])) < 0.5 * peak:
            continue
        for row in INTERP:
            v = sum(c * x[i + j] for j, c in row if 0 <= i + j < n)
            peak = max(peak, abs(v))
    return peak


def finish(x, offset):
    """Fades, a DC block, loudness matching, the peak ceiling; returns (samples, dB turned down)."""
    x = highpass1(x, 15.0)
    n_in, n_out = n_of(FADE_IN), n_of(FADE_OUT)
    for i in range(n_in):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(n_out):
        x[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    gain = 10 ** ((TARGET_DB + offset - loudness(x)) / 20.0)
    x = [v * gain for v in x]
    tp = db(true_peak(x))
    ceiling = PEAK_CEILING_DB - 0.05  # room for rounding to 16 bits
    cut = max(0.0, tp - ceiling)
    if cut:
        g = 10 ** (-cut / 20.0)
        x = [v * g for v in x]
    return x, cut


def to_pcm(x):
    a = array.array("h", (max(-32768, min(32767, int(round(v * 32767.0)))) for v in x))
    if sys.byteorder == "big":
        a.byteswap()
    return a


def write_wav(path, pcm):
    with open(path, "wb") as f:
        w = wave.open(f, "wb")
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
        w.close()


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "assets", "sounds")
    os.makedirs(out_dir, exist_ok=True)
    print(f"{'sound':<12} {'ms':>5} {'peak dBTP':>9} {'loudness':>8} {'target':>6} {'cut dB':>6} {'bytes':>7}")
    total = 0
    for name, render, offset in SOUNDS:
        rng = random.Random(f"minesweeper-chess sound {name}")
        x, cut = finish(render(rng), offset)
        pcm = to_pcm(x)
        path = os.path.join(out_dir, name + ".wav")
        write_wav(path, pcm)
        y = [v / 32767.0 for v in pcm]
        size = os.path.getsize(path)
        total += size
        print(f"{name:<12} {1000 * len(y) / RATE:5.0f} {db(true_peak(y)):9.2f} {loudness(y):8.2f}"
              f" {TARGET_DB + offset:6.1f} {'-%.2f' % cut if cut else '':>6} {size:7d}")
    print(f"{len(SOUNDS)} files, {total} bytes, in {os.path.normpath(out_dir)}")


if __name__ == "__main__":
    main()
