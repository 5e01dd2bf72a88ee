package org.hbulk.jobs;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package rules of both modules, checked on their main classes (tests may reach anywhere). Run
 * it with the reactor ({@code mvn -pl jobs -am test}): on its own, {@code -pl jobs} would check the
 * mappers jar in the local repository, not the code in the tree.
 */
@AnalyzeClasses(packages = "org.hbulk", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  /**
   * Every package is a slice of its own (the root {@code org.hbulk.mappers} apart from {@code
   * org.hbulk.mappers.spec}), so a cycle between any two packages fails, however long.
   */
  @ArchTest
  static final ArchRule noPackageCycle =
      slices()
          .matching("org.hbulk.(**)")
          .namingSlices("$1")
          .should()
          .beFreeOfCycles()
          .because(
              "a package that reads another must not be read by it, directly or through others:"
                  + " move the shared type to the package both read (as the schema types sit in"
                  + " mappers.schema, read by spec, expr and record)");

  @ArchTest
  static final ArchRule mappersDoNotReadJobs =
      noClasses()
          .that()
          .resideInAPackage("org.hbulk.mappers..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.hbulk.jobs..")
          .because(
              "the modules point one way, jobs -> mappers: the task-side module ships in the"
                  + " job jar and knows nothing of the driver");

  @ArchTest
  static final ArchRule tasksHaveNoCommandLine =
      noClasses()
          .that()
          .resideInAPackage("org.hbulk.mappers..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("picocli..")
          .because("tasks are configured by the job configuration, never by a command line");

  /**
   * Tasks run by the thousand: a cluster call each would load the cluster the load is meant to
   * spare. Even where HBase's own HFileOutputFormat2 looks up each file's region server (to place a
   * replica where it is served), hbulk's reducers read the driver's record of the servers.
   */
  @ArchTest
  static final ArchRule tasksMakeNoClusterCalls =
      noClasses()
          .that()
          .resideInAPackage("org.hbulk.mappers..")
          .should()
          .dependOnClassesThat()
          .haveFullyQualifiedName("org.apache.hadoop.hbase.client.Admin")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("org.apache.hadoop.hbase.client.Connection")
          .orShould()
          .dependOnClassesThat()
          .haveFullyQualifiedName("org.apache.hadoop.hbase.client.ConnectionFactory")
          .because(
              "task-side code makes no cluster calls: the driver reads what the tasks need from"
                  + " the cluster once and hands it to them in the job configuration");

  @ArchTest
  static final ArchRule tasksAdministerNoTable =
      noClasses()
          .that()
          .resideInAPackage("org.hbulk.mappers..")
          .should()
          .dependOnClassesThat()
          .haveFullyQualifiedName("org.apache.hadoop.hbase.client.Admin")
          .because("creating, altering or splitting tables is the driver's work, never a task's");

  @ArchTest
  static final ArchRule jobTasksHaveNoCommandLine =
      noClasses()
          .that()
          .resideInAnyPackage(
              "org.hbulk.jobs.load..",
              "org.hbulk.jobs.table..",
              "org.hbulk.jobs.read..",
              "org.hbulk.jobs.importtsv..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.hbulk.jobs.cli..", "picocli..")
          .because(
              "the load and table tasks are called by commands and know nothing of them (a thin"
                  + " command parses, validates, calls one task and prints), so they can be reused and"
                  + " tested without a command line");
}
