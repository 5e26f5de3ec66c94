"""Table geometry, the input controller and animations: pure, no pygame."""
