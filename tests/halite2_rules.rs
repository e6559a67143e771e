//! Halite II rules in small hand-built situations, with the values `docs/rules-halite2.md` gives:
//! docking range r + 4.5, weapon reach 6 between centres, damage split between targets, collisions,
//! desertion, planet explosions and the turn limit.

use halite::halite2::game::max_turns;
use halite::halite2::replay::{Frame, ShipRecord};
use halite::halite2::{Command, DockingStatus, EntityId, Event, Game, ShipCommand};

/// A 2-player game on a 240x160 board with the given planets `(x, y, r)` and ships.
fn game(planets: &[(f64, f64, f64)], p0: &[(f64, f64)], p1: &[(f64, f64)]) -> Game {
    Game::from_map(
        240,
        160,
        1,
        planets,
        &[p0.to_vec(), p1.to_vec()],
        vec!["a".into(), "b".into()],
    )
}

fn thrust(ship: u32, magnitude: u16, angle: u16) -> ShipCommand {
    ShipCommand {
        ship,
        command: Command::Thrust { magnitude, angle },
    }
}

fn dock(ship: u32, planet: u64) -> ShipCommand {
    ShipCommand {
        ship,
        command: Command::Dock { planet },
    }
}

fn ship(frame: &Frame, id: u32) -> Option<&ShipRecord> {
    frame.ships.iter().flatten().find(|s| s.id == id)
}

fn events(g: &Game) -> Vec<Event> {
    let frames = &g.replay().frames;
    frames[frames.len() - 2].events.clone().unwrap_or_default()
}

const FAR: (f64, f64) = (200.0, 140.0);

#[test]
fn docking_reaches_planet_radius_plus_four_and_a_half() {
    // Planet r = 5 at (50, 50): ship 0 at centre distance 9.5 docks, ship 1 at 9.51 does not.
    let mut g = game(&[(50.0, 50.0, 5.0)], &[(59.5, 50.0), (50.0, 59.51)], &[FAR]);
    g.step(&[vec![dock(0, 0), dock(1, 0)], vec![]]).unwrap();
    let f = g.frame();
    let s0 = ship(f, 0).unwrap();
    assert_eq!(s0.status, DockingStatus::Docking);
    assert_eq!((s0.planet, s0.turns_left), (Some(0), Some(5)));
    assert_eq!(ship(f, 1).unwrap().status, DockingStatus::Undocked);
    assert_eq!(f.planets[0].owner, Some(0));
    assert_eq!(f.planets[0].docked_ships, vec![0]);
    // Docked after five more turns; production starts then.
    for _ in 0..5 {
        g.step(&[vec![], vec![]]).unwrap();
    }
    assert_eq!(ship(g.frame(), 0).unwrap().status, DockingStatus::Docked);
    assert_eq!(g.frame().planets[0].current_production, 6);
}

#[test]
fn weapons_reach_six_between_centres() {
    // 6.0 apart: both fire at time 0 (64 each); 6.01 apart: nothing.
    let mut g = game(
        &[],
        &[(100.0, 80.0), (100.0, 20.0)],
        &[(106.0, 80.0), (106.01, 20.0)],
    );
    g.step(&[vec![], vec![]]).unwrap();
    let f = g.frame();
    assert_eq!(ship(f, 0).unwrap().health, 255 - 64);
    assert_eq!(ship(f, 2).unwrap().health, 255 - 64);
    assert_eq!(ship(f, 1).unwrap().health, 255);
    assert_eq!(ship(f, 3).unwrap().health, 255);
    let attacks = events(&g)
        .into_iter()
        .filter(|e| matches!(e, Event::Attack { time, .. } if *time == 0.0))
        .count();
    assert_eq!(attacks, 2);
    assert_eq!(g.replay().stats[0].damage_dealt, 64);
}

#[test]
fn damage_is_split_between_targets() {
    // Ship 0 sees two enemies: it deals 32 to each and takes 64 from each.
    let mut g = game(&[], &[(100.0, 80.0)], &[(104.0, 80.0), (96.0, 80.0)]);
    g.step(&[vec![], vec![]]).unwrap();
    let f = g.frame();
    assert_eq!(ship(f, 0).unwrap().health, 255 - 128);
    assert_eq!(ship(f, 1).unwrap().health, 255 - 32);
    assert_eq!(ship(f, 2).unwrap().health, 255 - 32);
    let targets: Vec<usize> = events(&g)
        .iter()
        .filter_map(|e| match e {
            Event::Attack { targets, .. } => Some(targets.len()),
            _ => None,
        })
        .collect();
    assert_eq!(targets.iter().sum::<usize>(), 4);
}

#[test]
fn ships_that_collide_both_die_at_the_rounded_time() {
    // Two ships of one player 4 apart; one flies into the other at 7 per turn: they touch
    // (1 apart) at 3/7 of the turn.
    let mut g = game(&[], &[(100.0, 80.0), (104.0, 80.0), (20.0, 20.0)], &[FAR]);
    g.step(&[vec![thrust(0, 7, 0)], vec![]]).unwrap();
    let f = g.frame();
    assert!(ship(f, 0).is_none() && ship(f, 1).is_none());
    assert!(ship(f, 2).is_some());
    let ev = events(&g);
    let destroyed: Vec<(EntityId, f64, f64)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed {
                entity, time, x, ..
            } => Some((*entity, *time, *x)),
            _ => None,
        })
        .collect();
    assert_eq!(destroyed.len(), 2);
    assert!(destroyed.iter().all(|d| d.1 == 0.4286));
    // The mover dies where it is at that time.
    let mover = destroyed
        .iter()
        .find(|d| d.0 == EntityId::Ship { owner: 0, id: 0 })
        .unwrap();
    assert!((mover.2 - (100.0 + 7.0 * 0.4286)).abs() < 1e-12);
    // Same player: no damage credited.
    assert_eq!(g.replay().stats[0].damage_dealt, 0);
}

#[test]
fn a_ship_leaving_the_map_is_destroyed_at_the_edge() {
    // x = 4 moving at -7: out at 4/7 of the turn.
    let mut g = game(&[], &[(4.0, 80.0), (20.0, 20.0)], &[FAR]);
    g.step(&[vec![thrust(0, 7, 180)], vec![]]).unwrap();
    assert!(ship(g.frame(), 0).is_none());
    assert!(matches!(
        events(&g)[0],
        Event::Destroyed { time, .. } if time == 0.5714
    ));
}

#[test]
fn a_planet_rammed_to_death_explodes() {
    // Planet r = 1 (health 255) at (50, 50). Ship 1 rams it from 4 away (its teammates are no
    // targets, so it still has 255 health to deal). The blast reaches r + max(r, 4) + 0.5 =
    // 5.5 from the centre (start-of-turn positions): ship 2 at 4.5 (crust to its edge: 3)
    // takes trunc(127.5 + (1 - 3/4) * 1147.5) = 414 and dies; ship 3 at 5.4 takes 156 and
    // keeps 99; ship 4 at 5.6 is untouched.
    let mut g = game(
        &[(50.0, 50.0, 1.0), (150.0, 120.0, 6.0)],
        &[FAR],
        &[(54.0, 50.0), (50.0, 54.5), (50.0, 44.6), (44.4, 50.0)],
    );
    g.step(&[vec![], vec![thrust(1, 7, 180)]]).unwrap();
    let f = g.frame();
    assert_eq!(f.planets.len(), 1, "the planet is gone");
    assert!(ship(f, 1).is_none() && ship(f, 2).is_none());
    assert_eq!(ship(f, 3).unwrap().health, 99);
    assert_eq!(ship(f, 4).unwrap().health, 255);
    let ev = events(&g);
    let order: Vec<EntityId> = ev.iter().map(|e| e.entity()).collect();
    // The rammer, the planet, then the blast victim, all at the collision time 2.5/7.
    assert_eq!(
        order,
        vec![
            EntityId::Ship { owner: 1, id: 1 },
            EntityId::Planet(0),
            EntityId::Ship { owner: 1, id: 2 },
        ]
    );
    assert!(ev
        .iter()
        .all(|e| matches!(e, Event::Destroyed { time, .. } if *time == 0.3571)));
    // Ramming an unowned planet credits nothing.
    assert_eq!(g.replay().stats[1].damage_dealt, 0);
}

#[test]
fn turn_limit_follows_the_map_area() {
    assert_eq!(max_turns(240, 160), 295);
    assert_eq!(max_turns(264, 176), 300);
    assert_eq!(max_turns(384, 256), 300);
}

#[test]
fn the_last_player_standing_wins_and_ejection_removes_ships_silently() {
    let mut g = game(&[(120.0, 80.0, 5.0)], &[(20.0, 20.0)], &[FAR]);
    g.eject(1);
    g.step(&[vec![], vec![]]).unwrap();
    assert!(g.is_over());
    assert!(g.frame().ships[1].is_empty());
    assert!(events(&g).is_empty(), "no destroyed events for an ejection");
    let r = g.results();
    assert_eq!((r[0].rank, r[1].rank), (1, 2));
    assert!(r[1].ejected);
    assert_eq!((r[0].last_frame_alive, r[1].last_frame_alive), (1, 0));
}
