package org.hbulk.jobs.cli;
public class Main { public static void main(String[] a) {} }
